#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A simple sound made in code, like a fantasy console's: a tone or a noise burst that slides
/// from one pitch to another under an attack-and-release envelope. The engine renders each one
/// once, when the game loads, so a new game makes noise without a single sound file.
///
/// A game lists them by name in ``PlayableGame/soundEffects``; ``Sounds`` then names them as
/// it names WAV files:
///
/// ```swift
/// public static let soundEffects: [String: SoundEffect] = [
///   "catch": SoundEffect(.square, frequency: 660, to: 990, duration: 0.08),
///   "miss": SoundEffect(.noise, frequency: 2_000, to: 200, duration: 0.3, volume: 0.4),
///   "hum": SoundEffect(.triangle, frequency: 55, duration: 0.5, attack: 0, release: 0),  // a loop
/// ]
/// ```
///
/// Rendering is deterministic (the noise has its own fixed seed) and never touches the game's
/// state: sound is output, like drawing.
public struct SoundEffect: Equatable, Sendable {
  /// The shape of one cycle.
  public enum Wave: Equatable, Sendable {
    /// Hollow and loud: the classic console beep.
    case square
    /// Soft, flute-like.
    case triangle
    /// Pure.
    case sine
    /// Buzzing, bright.
    case sawtooth
    /// Hiss and crunch: a new random level `frequency` times a second (low is a rumble, high a
    /// hiss): explosions, hits, wind.
    case noise
  }

  public var wave: Wave
  /// The pitch at the start, in hertz (for ``Wave/noise``: new levels a second).
  public var frequency: Float
  /// The pitch at the end: the pitch slides there in a straight line.
  public var endFrequency: Float
  /// Length in seconds.
  public var duration: Float
  /// Seconds rising from silence to ``volume`` at the start.
  public var attack: Float
  /// Seconds fading to silence at the end.
  public var release: Float
  /// Loudness from 0 to 1; several sounds at once add up, so keep each below about 0.5.
  public var volume: Float

  /// A sound; `endFrequency` is `frequency` unless given, and `release` half the duration
  /// unless given. A loop (``Sounds/loops``) wants `attack: 0, release: 0`, so it joins up
  /// without a click.
  public init(
    _ wave: Wave, frequency: Float, to endFrequency: Float? = nil, duration: Float,
    attack: Float = 0.005, release: Float? = nil, volume: Float = 0.3
  ) {
    self.wave = wave
    self.frequency = frequency
    self.endFrequency = endFrequency ?? frequency
    self.duration = duration
    self.attack = attack
    self.release = release ?? duration / 2
    self.volume = volume
  }

  /// The sound as mono 16-bit samples at `rate` samples a second.
  public func samples(rate: Int) -> [Int16] {
    let count = max(0, Int((duration * Float(rate)).rounded()))
    var samples = [Int16](repeating: 0, count: count)
    var phase: Float = 0
    var noise: UInt32 = 0x2545_F491
    var level: Float = 0
    let amplitude = max(0, min(1, volume)) * Float(Int16.max)
    for index in 0..<count {
      let time = Float(index) / Float(rate)
      let progress = count > 1 ? Float(index) / Float(count - 1) : 0
      let pitch = frequency + (endFrequency - frequency) * progress
      let before = phase
      phase += pitch / Float(rate)
      phase -= phase.rounded(.down)
      let value: Float
      switch wave {
      case .square: value = phase < 0.5 ? 1 : -1
      case .triangle: value = phase < 0.5 ? 4 * phase - 1 : 3 - 4 * phase
      case .sine: value = sin(2 * .pi * phase)
      case .sawtooth: value = 2 * phase - 1
      case .noise:
        // A new level each time the phase wraps: sample-and-hold noise at `pitch`.
        if index == 0 || phase < before {
          noise ^= noise << 13
          noise ^= noise >> 17
          noise ^= noise << 5
          level = Float(noise % 65_536) / 32_768 - 1
        }
        value = level
      }
      samples[index] = Int16(value * amplitude * envelope(at: time))
    }
    return samples
  }

  /// The volume, 0 to 1, `time` seconds in.
  func envelope(at time: Float) -> Float {
    var gain: Float = 1
    if attack > 0, time < attack { gain = time / attack }
    let left = duration - time
    if release > 0, left < release { gain = min(gain, max(0, left / release)) }
    return gain
  }
}
