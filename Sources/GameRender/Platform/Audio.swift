import CSDL2
import Foundation
import GameScene

/// Plays the WAV sound cues through SDL's queue: a tiny mixer runs on the main thread once per
/// frame and keeps about 60 ms of audio queued.
///
/// Queueing instead of an audio callback keeps every voice on one thread: no locks, nothing
/// shared with SDL's audio thread under Swift 6's strict concurrency. With no sound device the
/// game runs on: it falls back to SDL's dummy driver, or to silence, and says so once. A sound
/// file in the wrong format is an error, not a cue that silently never plays.
package final class Audio {
  package static let rate: Int32 = 22_050
  private static let chunk = 512
  private static let queuedTarget = 1_400

  private var device: SDL_AudioDeviceID = 0
  private(set) var sounds: [String: [Int16]] = [:]
  private(set) var voices: [(samples: [Int16], position: Int, loop: String?)] = []
  private var mix = [Int32](repeating: 0, count: chunk)
  private var out = [Int16](repeating: 0, count: chunk)
  /// One line saying how audio came up (`nil` when it came up normally).
  package private(set) var notice: String?

  /// A sound file that cannot be played: which file, and what is wrong with it.
  package struct FileError: Error, Equatable, CustomStringConvertible {
    var path: String
    var reason: String
    package var description: String {
      "\(path): \(reason) (`play --mute` runs without sound)"
    }
  }

  /// Renders the game's `effects` and loads every `sounds/*.wav` of the game's folder `assets`
  /// (none when nil), then opens the sound device named by the process's `SDL_AUDIODRIVER`,
  /// or SDL's choice.
  ///
  /// A sound in the wrong format is an error whether or not a device opens, so a broken asset
  /// shows on every machine; a missing device is not: the game runs silent and says so once.
  package convenience init(assets: String?, effects: [String: SoundEffect] = [:])
    throws(FileError)
  {
    try self.init(
      assets: assets, effects: effects, environment: ProcessInfo.processInfo.environment)
  }

  /// Loads the sounds, then opens a device with the driver `environment` names.
  ///
  /// > Important: SDL has one audio driver per process: opening a second `Audio` restarts it
  /// > and silences the first.
  ///
  /// - Parameters:
  ///   - environment: Read for `SDL_AUDIODRIVER` and for a sound server's socket.
  ///   - fallback: The driver tried when the first fails (tests name one that fails too).
  init(
    assets: String?, effects: [String: SoundEffect] = [:], environment: [String: String],
    fallback: String = "dummy"
  ) throws(FileError) {
    sounds = try Self.sounds(assets: assets, effects: effects)
    guard openDevice(environment: environment, fallback: fallback) else { return }
    SDL_PauseAudioDevice(device, 0)
  }

  deinit {
    if device != 0 {
      SDL_CloseAudioDevice(device)
      SDL_AudioQuit()
    }
  }

  /// True when sound actually reaches a device (real or dummy).
  var isOpen: Bool { device != 0 }

  /// The driver to start (nil: SDL's choice) and, when it is the dummy for want of anything
  /// else, the notice saying so.
  ///
  /// No sound hardware and no sound server: go straight to the dummy driver, which keeps
  /// ALSA from printing its errors to the terminal.
  static func driver(
    environment: [String: String],
    fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
  ) -> (name: String?, notice: String?) {
    if let named = environment["SDL_AUDIODRIVER"] { return (named, nil) }
    let runtime = environment["XDG_RUNTIME_DIR"] ?? ""
    if fileExists(runtime + "/pulse/native") || fileExists(runtime + "/pipewire-0")
      || fileExists("/dev/snd")
    {
      return (nil, nil)
    }
    return ("dummy", "audio: no sound device found; running with SDL's dummy audio driver (silent)")
  }

  private func openDevice(environment: [String: String], fallback: String) -> Bool {
    let (driver, notice) = Self.driver(environment: environment)
    self.notice = notice
    guard let reason = open(driver: driver) else { return true }
    guard driver != fallback, open(driver: fallback) == nil else {
      self.notice = "audio: unavailable (\(reason)); running silent"
      return false
    }
    self.notice =
      "audio: no sound device (\(reason)); running with SDL's \(fallback) audio driver (silent)"
    return true
  }

  /// Starts `driver` and opens its default device; returns SDL's error when either fails.
  private func open(driver: String?) -> String? {
    // SDL_AudioInit rather than SDL_InitSubSystem: it takes the driver as an argument, so
    // nothing has to be written into the process's environment, which other threads read.
    guard SDL_AudioInit(driver) == 0 else { return String(cString: SDL_GetError()) }
    var desired = SDL_AudioSpec()
    desired.freq = Self.rate
    desired.format = SDL_AudioFormat(AUDIO_S16LSB)
    desired.channels = 1
    desired.samples = UInt16(Self.chunk)
    var obtained = SDL_AudioSpec()
    device = SDL_OpenAudioDevice(nil, 0, &desired, &obtained, 0)
    guard device == 0 else { return nil }
    let reason = String(cString: SDL_GetError())
    SDL_AudioQuit()
    return reason
  }

  /// Every sound of a game by name: its `effects` rendered at ``rate``, then the
  /// `sounds/*.wav` of its folder `assets` (none when nil), a file replacing an effect of the
  /// same name.
  package static func sounds(
    assets: String?, effects: [String: SoundEffect]
  ) throws(FileError) -> [String: [Int16]] {
    var sounds = effects.mapValues { $0.samples(rate: Int(rate)) }
    guard let assets else { return sounds }
    let folder = assets + "/sounds"
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for file in files.sorted() where file.hasSuffix(".wav") {
      sounds[String(file.dropLast(4))] = try load(folder + "/" + file)
    }
    return sounds
  }

  /// Reads one sound: 16-bit signed mono at ``rate``, as `scripts/make-assets.py` writes them.
  package static func load(_ path: String) throws(FileError) -> [Int16] {
    var spec = SDL_AudioSpec()
    var buffer: UnsafeMutablePointer<UInt8>?
    var length: UInt32 = 0
    guard CSDL2_LoadWAV(path, &spec, &buffer, &length) != nil, let buffer else {
      throw FileError(path: path, reason: "not a WAV file SDL can read (\(lastError()))")
    }
    defer { SDL_FreeWAV(buffer) }
    guard spec.format == SDL_AudioFormat(AUDIO_S16LSB), spec.channels == 1, spec.freq == rate
    else {
      throw FileError(
        path: path,
        reason: "\(describe(spec)); sounds must be \(rate) Hz, 1 channel, 16-bit signed")
    }
    let count = Int(length) / 2
    return buffer.withMemoryRebound(to: Int16.self, capacity: count) {
      Array(UnsafeBufferPointer(start: $0, count: count))
    }
  }

  /// SDL's message, without a trailing full stop (it goes inside a sentence).
  private static func lastError() -> String {
    let message = String(cString: SDL_GetError())
    return message.hasSuffix(".") ? String(message.dropLast()) : message
  }

  /// A WAV's format in words: `44100 Hz, 2 channels, 8-bit unsigned`.
  static func describe(_ spec: SDL_AudioSpec) -> String {
    let bits = Int(spec.format & 0xFF)
    let kind =
      spec.format & 0x0100 != 0 ? "float" : spec.format & 0x8000 != 0 ? "signed" : "unsigned"
    let order = bits > 8 && spec.format & 0x1000 != 0 ? " big-endian" : ""
    let channels = spec.channels == 1 ? "1 channel" : "\(spec.channels) channels"
    return "\(spec.freq) Hz, \(channels), \(bits)-bit \(kind)\(order)"
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

  /// Keeps exactly the loops `names` playing: those already running go on where they are,
  /// new ones start, all others stop.
  func setLoops(_ names: [String]) {
    guard device != 0 else { return }
    voices.removeAll { voice in voice.loop.map { !names.contains($0) } ?? false }
    for name in names { setLoop(name, true) }
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
