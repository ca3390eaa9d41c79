import CSDL2
import Foundation

/// Plays the WAV sound cues through SDL's queue: a tiny mixer runs on the main thread once per
/// frame and keeps about 60 ms of audio queued.
///
/// Queueing instead of an audio callback keeps every voice on one thread: no locks, nothing
/// shared with SDL's audio thread under Swift 6's strict concurrency. With no sound device the
/// game runs on: it falls back to SDL's dummy driver, or to silence, and says so once.
package final class Audio {
  static let rate: Int32 = 22_050
  private static let chunk = 512
  private static let queuedTarget = 1_400

  private var device: SDL_AudioDeviceID = 0
  private var sounds: [String: [Int16]] = [:]
  private var voices: [(samples: [Int16], position: Int, loop: String?)] = []
  private var mix = [Int32](repeating: 0, count: chunk)
  private var out = [Int16](repeating: 0, count: chunk)
  /// One line saying how audio came up (`nil` when it came up normally).
  package private(set) var notice: String?

  /// Opens the default device and loads every `assets/sounds/*.wav`.
  package init(assets: String) {
    guard openDevice() else { return }
    let folder = assets + "/sounds"
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for file in files.sorted() where file.hasSuffix(".wav") {
      if let samples = Self.load(folder + "/" + file) {
        sounds[String(file.dropLast(4))] = samples
      }
    }
    SDL_PauseAudioDevice(device, 0)
  }

  deinit {
    if device != 0 { SDL_CloseAudioDevice(device) }
  }

  /// True when sound actually reaches a device (real or dummy).
  var isOpen: Bool { device != 0 }

  private func openDevice() -> Bool {
    // No sound hardware and no sound server: go straight to the dummy driver, which keeps
    // ALSA from printing its errors to the terminal.
    let environment = ProcessInfo.processInfo.environment
    let runtime = environment["XDG_RUNTIME_DIR"] ?? ""
    let hasServer =
      FileManager.default.fileExists(atPath: runtime + "/pulse/native")
      || FileManager.default.fileExists(atPath: runtime + "/pipewire-0")
    if environment["SDL_AUDIODRIVER"] == nil && !hasServer
      && !FileManager.default.fileExists(atPath: "/dev/snd")
    {
      setenv("SDL_AUDIODRIVER", "dummy", 1)
      notice = "audio: no sound device found; running with SDL's dummy audio driver (silent)"
    }
    if SDL_InitSubSystem(SDL_INIT_AUDIO) != 0 || !open() {
      let reason = String(cString: SDL_GetError())
      SDL_QuitSubSystem(SDL_INIT_AUDIO)
      setenv("SDL_AUDIODRIVER", "dummy", 1)
      guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0, open() else {
        notice = "audio: unavailable (\(reason)); running silent"
        return false
      }
      notice = "audio: no sound device (\(reason)); running with SDL's dummy audio driver (silent)"
    }
    return true
  }

  private func open() -> Bool {
    var desired = SDL_AudioSpec()
    desired.freq = Self.rate
    desired.format = SDL_AudioFormat(AUDIO_S16LSB)
    desired.channels = 1
    desired.samples = UInt16(Self.chunk)
    var obtained = SDL_AudioSpec()
    device = SDL_OpenAudioDevice(nil, 0, &desired, &obtained, 0)
    return device != 0
  }

  private static func load(_ path: String) -> [Int16]? {
    var spec = SDL_AudioSpec()
    var buffer: UnsafeMutablePointer<UInt8>?
    var length: UInt32 = 0
    guard CSDL2_LoadWAV(path, &spec, &buffer, &length) != nil, let buffer else { return nil }
    defer { SDL_FreeWAV(buffer) }
    guard spec.format == SDL_AudioFormat(AUDIO_S16LSB), spec.channels == 1, spec.freq == rate
    else { return nil }
    let count = Int(length) / 2
    return buffer.withMemoryRebound(to: Int16.self, capacity: count) {
      Array(UnsafeBufferPointer(start: $0, count: count))
    }
  }

  /// Starts a one-shot sound; unknown names are ignored (a missing file is not worth a crash).
  func play(_ name: String) {
    guard device != 0, let samples = sounds[name] else { return }
    voices.append((samples, 0, nil))
  }

  /// Keeps looping sound `name` playing while `on` (thrust, saucer siren).
  func setLoop(_ name: String, _ on: Bool) {
    guard device != 0 else { return }
    let playing = voices.contains { $0.loop == name }
    if on && !playing, let samples = sounds[name] {
      voices.append((samples, 0, name))
    } else if !on && playing {
      voices.removeAll { $0.loop == name }
    }
  }

  /// Silences everything (pause, rewind, quit).
  func stopAll() { voices.removeAll() }

  /// Mixes and queues audio until about 60 ms are waiting; call once per frame.
  func pump() {
    guard device != 0 else { return }
    while Int(SDL_GetQueuedAudioSize(device)) / 2 < Self.queuedTarget {
      for i in 0..<Self.chunk { mix[i] = 0 }
      for v in voices.indices {
        var position = voices[v].position
        let samples = voices[v].samples
        for i in 0..<Self.chunk {
          if position >= samples.count {
            guard voices[v].loop != nil else { break }
            position = 0
          }
          mix[i] += Int32(samples[position])
          position += 1
        }
        voices[v].position = position
      }
      voices.removeAll { $0.loop == nil && $0.position >= $0.samples.count }
      for i in 0..<Self.chunk { out[i] = Int16(clamping: mix[i] * 3 / 4) }
      out.withUnsafeBytes { _ = SDL_QueueAudio(device, $0.baseAddress, UInt32($0.count)) }
    }
  }
}
