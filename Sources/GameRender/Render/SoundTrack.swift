import Foundation
import GameCore
import GameScene

/// A replay's sounds mixed into one track, as the window's mixer plays them: each tick's
/// one-shots start at that tick, loops run while the game names them. What `replay --video`
/// puts under the picture.
package enum SoundTrack {
  /// The mono 16-bit samples at ``Audio/rate`` of the ticks `range` of a replay of `G`.
  package static func mix<G: PlayableGame>(
    _ game: G.Type, replay bytes: [UInt8], ticks range: ClosedRange<Int>
  ) throws -> [Int16] {
    var reader = try ReplayReader(bytes: bytes, allowPartial: true)
    let header = reader.header
    let tickRate = Int(header.tickRate)
    let rate = Int(Audio.rate)
    let sounds = try Audio.sounds(assets: AssetLocator.folder(for: G.self), effects: G.soundEffects)
    let simulation = Simulation<G>(seed: header.seed, settings: try G.Settings(encoded: header.settings))
    let first = range.lowerBound
    var mix: [Int32] = []
    var loopPositions: [String: Int] = [:]
    var tick = 0
    func sample(at tick: Int) -> Int { (tick - first) * rate / tickRate }
    outer: while let chunk = try reader.nextChunk() {
      for run in chunk.runs {
        for _ in 0..<run.length {
          simulation.step(run.input)
          tick += 1
          if tick > range.upperBound { break outer }
          guard tick >= first else { continue }
          let start = sample(at: tick)
          let end = sample(at: tick + 1)
          if mix.count < end { mix.append(contentsOf: repeatElement(0, count: end - mix.count)) }
          let now = G.sounds(of: simulation.state)
          for name in now.oneShots {
            guard let samples = sounds[name] else { continue }
            if mix.count < start + samples.count {
              mix.append(contentsOf: repeatElement(0, count: start + samples.count - mix.count))
            }
            for (index, value) in samples.enumerated() { mix[start + index] += Int32(value) }
          }
          var running: [String: Int] = [:]
          for name in now.loops {
            guard let samples = sounds[name], !samples.isEmpty else { continue }
            var position = loopPositions[name] ?? 0
            for index in start..<end {
              mix[index] += Int32(samples[position % samples.count])
              position += 1
            }
            running[name] = position
          }
          loopPositions = running
        }
      }
    }
    return mix.map { Int16(clamping: $0 * 3 / 4) }
  }

  /// `samples` as a WAV file's bytes (mono, 16-bit, ``Audio/rate``).
  package static func wav(_ samples: [Int16]) -> [UInt8] {
    var bytes: [UInt8] = []
    func u32(_ value: Int) { for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> shift) & 0xFF)) } }
    func u16(_ value: Int) { bytes.append(UInt8(value & 0xFF)); bytes.append(UInt8((value >> 8) & 0xFF)) }
    let rate = Int(Audio.rate)
    bytes += Array("RIFF".utf8)
    u32(36 + samples.count * 2)
    bytes += Array("WAVEfmt ".utf8)
    u32(16)
    u16(1)
    u16(1)
    u32(rate)
    u32(rate * 2)
    u16(2)
    u16(16)
    bytes += Array("data".utf8)
    u32(samples.count * 2)
    for value in samples { u16(Int(UInt16(bitPattern: value))) }
    return bytes
  }
}
