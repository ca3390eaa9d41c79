import CSDL2
import Foundation
import GameAssets
import GameCore
import GameScene
import Testing

@testable import GameRender

/// Sound files are read without any device; the tests that start a driver are serialised, as
/// SDL has one audio driver per process. Drivers are named through `Audio`'s `environment`
/// argument, never `setenv`, so other suites' threads reading the environment are not raced.
@Suite(.serialized) struct AudioTests {
  /// A canonical 44-byte-header PCM WAV of `frames` frames of silence.
  static func wav(rate: UInt32, channels: UInt16, bits: UInt16, frames: Int = 64) -> Data {
    let blockAlign = channels * bits / 8
    let dataSize = UInt32(frames) * UInt32(blockAlign)
    var data = Data()
    func put<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    data.append(contentsOf: Array("RIFF".utf8))
    put(UInt32(36) + dataSize)
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    put(UInt32(16))
    put(UInt16(1))  // PCM
    put(channels)
    put(rate)
    put(rate * UInt32(blockAlign))
    put(blockAlign)
    put(bits)
    data.append(contentsOf: Array("data".utf8))
    put(dataSize)
    data.append(Data(count: Int(dataSize)))
    return data
  }

  /// A fresh assets folder whose `sounds/` holds `files` (name to contents).
  static func assets(_ files: [String: Data]) throws -> String {
    let folder = NSTemporaryDirectory() + "audio-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: folder + "/sounds", withIntermediateDirectories: true)
    for (name, contents) in files {
      try contents.write(to: URL(fileURLWithPath: folder + "/sounds/" + name))
    }
    return folder
  }

  /// One second in the mixer's format: long enough to outlast the ~60 ms one pump queues.
  static let good = wav(rate: 22_050, channels: 1, bits: 16, frames: 22_050)

  @Test func aGamesSoundsLoadByNameFromItsFolder() throws {
    let folder = try #require(AssetLocator.folder(for: TinyGame.self))
    let audio = try Audio(assets: folder, environment: ["SDL_AUDIODRIVER": "dummy"])
    #expect(audio.sounds.keys.sorted() == ["blip"])
    #expect(try Audio(assets: nil, environment: ["SDL_AUDIODRIVER": "dummy"]).sounds.isEmpty)
  }

  @Test func soundEffectsAreRenderedAtLoadAndAFileOfTheSameNameReplacesOne() throws {
    let folder = try #require(AssetLocator.folder(for: TinyGame.self))
    let effects = [
      "zap": SoundEffect(.square, frequency: 880, duration: 0.1),
      "blip": SoundEffect(.noise, frequency: 1_000, duration: 2),
    ]
    let audio = try Audio(
      assets: folder, effects: effects, environment: ["SDL_AUDIODRIVER": "dummy"])
    #expect(audio.sounds.keys.sorted() == ["blip", "zap"])
    #expect(audio.sounds["zap"]?.count == 2_205)
    #expect(audio.sounds["blip"] == (try Audio.load(folder + "/sounds/blip.wav")))
  }

  @Test(arguments: [
    (44_100, 1, 16, "44100 Hz, 1 channel, 16-bit signed"),
    (22_050, 2, 16, "22050 Hz, 2 channels, 16-bit signed"),
    (22_050, 1, 8, "22050 Hz, 1 channel, 8-bit unsigned"),
  ])
  func aSoundInAnotherFormatIsAnErrorNamingTheFileAndItsFormat(
    rate: Int, channels: Int, bits: Int, found: String
  ) throws {
    let folder = try Self.assets([
      "odd.wav": Self.wav(rate: UInt32(rate), channels: UInt16(channels), bits: UInt16(bits))
    ])
    let path = folder + "/sounds/odd.wav"
    let expected = Audio.FileError(
      path: path, reason: "\(found); sounds must be 22050 Hz, 1 channel, 16-bit signed")
    #expect(throws: expected) { try Audio.load(path) }
    #expect(
      expected.description
        == "\(path): \(found); sounds must be 22050 Hz, 1 channel, 16-bit signed"
        + " (`play --mute` runs without sound)")
  }

  @Test func aFileThatIsNotAWAVIsAnErrorNamingIt() throws {
    let folder = try Self.assets(["notes.wav": Data("not a sound\n".utf8)])
    let path = folder + "/sounds/notes.wav"
    do {
      _ = try Audio.load(path)
      Issue.record("expected an error")
    } catch {
      #expect(error.path == path)
      #expect(error.reason.hasPrefix("not a WAV file SDL can read ("))
    }
  }

  @Test func oneBadSoundStopsAudioBeforeAnyDeviceOpens() throws {
    let bad = Self.wav(rate: 44_100, channels: 2, bits: 16)
    let folder = try Self.assets(["fire.wav": Self.good, "thrust.wav": bad])
    // A driver that does not exist: had the device been tried first, this would fall back.
    #expect(throws: Audio.FileError.self) {
      try Audio(assets: folder, environment: ["SDL_AUDIODRIVER": "no-such-driver"])
    }
  }

  @Test func aFailingDriverFallsBackToTheDummyDriverWithOneNotice() throws {
    let audio = try Audio(
      assets: try Self.assets(["fire.wav": Self.good]),
      environment: ["SDL_AUDIODRIVER": "no-such-driver"])
    #expect(audio.isOpen)
    #expect(
      audio.notice
        == "audio: no sound device (Audio target 'no-such-driver' not available); running"
        + " with SDL's dummy audio driver (silent)")
    #expect(audio.sounds.keys.sorted() == ["fire"])
    audio.play("fire")
    audio.play("no-such-sound")
    #expect(audio.voices.count == 1)
    audio.pump()
    // Mixed and queued: the dummy driver takes the samples, silently.
    #expect(audio.voices.count == 1)
    #expect(audio.voices.first?.position ?? 0 >= 1_400)
  }

  @Test func withNoDriverAtAllTheGameGetsASilentAudioAndOneNotice() throws {
    let audio = try Audio(
      assets: AssetLocator.folder(for: TinyGame.self),
      environment: ["SDL_AUDIODRIVER": "no-such-driver"],
      fallback: "no-such-fallback")
    #expect(!audio.isOpen)
    #expect(
      audio.notice
        == "audio: unavailable (Audio target 'no-such-driver' not available); running silent")
    audio.play("fire")
    audio.setLoop("thrust", true)
    audio.pump()
    #expect(audio.voices.isEmpty)
  }

  @Test func aWorkingDriverComesUpWithoutANotice() throws {
    let audio = try Audio(
      assets: try Self.assets(["thrust.wav": Self.good]), environment: ["SDL_AUDIODRIVER": "dummy"])
    #expect(audio.isOpen)
    #expect(audio.notice == nil)
    audio.setLoop("thrust", true)
    audio.setLoop("thrust", true)
    #expect(audio.voices.map(\.loop) == ["thrust"])
    audio.pump()
    audio.setLoop("thrust", false)
    #expect(audio.voices.isEmpty)
  }

  @Test func setLoopsKeepsExactlyTheLoopsNamed() throws {
    let audio = try Audio(
      assets: try Self.assets(["hum.wav": Self.good, "siren.wav": Self.good]),
      environment: ["SDL_AUDIODRIVER": "dummy"])
    audio.setLoops(["hum", "siren"])
    audio.pump()
    let position = audio.voices.first?.position
    audio.setLoops(["hum"])
    #expect(audio.voices.map(\.loop) == ["hum"])
    #expect(audio.voices.first?.position == position, "a loop that goes on is not restarted")
    audio.setLoops([])
    #expect(audio.voices.isEmpty)
  }

  @Test func noSoundServerAndNoSoundHardwareMeansTheDummyDriverAndSaysSo() {
    let nothing = Audio.driver(environment: ["XDG_RUNTIME_DIR": "/run/user/1"]) { _ in false }
    #expect(nothing.name == "dummy")
    #expect(
      nothing.notice
        == "audio: no sound device found; running with SDL's dummy audio driver (silent)")
    let pulse = Audio.driver(environment: ["XDG_RUNTIME_DIR": "/run/user/1"]) {
      $0 == "/run/user/1/pulse/native"
    }
    #expect(pulse.name == nil && pulse.notice == nil)
    let hardware = Audio.driver(environment: [:]) { $0 == "/dev/snd" }
    #expect(hardware.name == nil && hardware.notice == nil)
    let named = Audio.driver(environment: ["SDL_AUDIODRIVER": "disk"]) { _ in false }
    #expect(named.name == "disk" && named.notice == nil)
  }
}
