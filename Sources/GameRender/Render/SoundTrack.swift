import Foundation
import GameAssets
import GameCore
import GameScene

/// A replay's sounds mixed into one track, as the window's mixer plays them: each tick's
/// one-shots start at that tick, loops run while the game names them. What `replay --video`
/// puts under the picture.
///
/// The track is streamed: samples are handed out as soon as no later tick can add to them,
/// so memory holds the longest sound, never the whole track (an hour is 317 MB of samples).
package enum SoundTrack {
  /// Streams the mono 16-bit samples at ``Audio/rate`` of the ticks `range` of a replay of
  /// `G` to `emit`, in pieces of up to 64 Ki samples, after checking the file within `limits`
  /// as `replay --verify` does.
  ///
  /// - Returns: True when any sample is not silence.
  @discardableResult
  package static func stream<G: PlayableGame>(
    _ game: G.Type, replay bytes: [UInt8], ticks range: ClosedRange<Int>,
    limits: ReplayLimits = .default, emit: ([Int16]) throws -> Void
  ) throws -> Bool {
    _ = try ReplayPlayer<Simulation<G>>.check(bytes, allowPartial: true, limits: limits)
    var reader = try ReplayReader(bytes: bytes, allowPartial: true)
    let header = reader.header
    let tickRate = Int(header.tickRate)
    let rate = Int(Audio.rate)
    let sounds = try Audio.sounds(assets: AssetLocator.folder(for: G.self), effects: G.soundEffects)
    let simulation = Simulation<G>(
      seed: header.seed, settings: try G.Settings(encoded: header.settings))
    let first = range.lowerBound
    // Samples from `base` on, at `pending[head...]`: every one before `base` has been emitted
    // (the emitted prefix is dropped in large pieces, not per tick).
    var pending: [Int32] = []
    var head = 0
    var base = 0
    var out: [Int16] = []
    var audible = false
    var loopPositions: [String: Int] = [:]
    var tick = 0
    func sample(at tick: Int) -> Int { (tick - first) * rate / tickRate }
    func flush(upTo end: Int) throws {
      let count = min(pending.count - head, end - base)
      guard count > 0 else { return }
      for value in pending[head..<head + count] {
        let scaled = Int16(clamping: value * 3 / 4)
        if scaled != 0 { audible = true }
        out.append(scaled)
      }
      head += count
      base += count
      if head >= 1 << 16 {
        pending.removeFirst(head)
        head = 0
      }
      if out.count >= 1 << 16 {
        try emit(out)
        out.removeAll(keepingCapacity: true)
      }
    }
    outer: while let chunk = try reader.nextChunk() {
      for run in chunk.runs {
        for _ in 0..<run.length {
          simulation.step(run.input)
          tick += 1
          if tick > range.upperBound { break outer }
          guard tick >= first else { continue }
          let start = sample(at: tick) - base + head
          let end = sample(at: tick + 1) - base + head
          if pending.count < end {
            pending.append(contentsOf: repeatElement(0, count: end - pending.count))
          }
          let now = G.sounds(of: simulation.state)
          for name in now.oneShots {
            guard let samples = sounds[name] else { continue }
            if pending.count < start + samples.count {
              pending.append(
                contentsOf: repeatElement(0, count: start + samples.count - pending.count))
            }
            for (index, value) in samples.enumerated() { pending[start + index] += Int32(value) }
          }
          var running: [String: Int] = [:]
          for name in now.loops {
            guard let samples = sounds[name], !samples.isEmpty else { continue }
            var position = loopPositions[name] ?? 0
            for index in start..<end {
              pending[index] += Int32(samples[position % samples.count])
              position += 1
            }
            running[name] = position
          }
          loopPositions = running
          // No later tick starts before this one's end: what lies before it is final.
          try flush(upTo: base + end - head)
        }
      }
    }
    try flush(upTo: Int.max)
    if !out.isEmpty { try emit(out) }
    return audible
  }

  /// The whole track at once (tests and short clips): ``stream(_:replay:ticks:limits:emit:)``
  /// collected.
  package static func mix<G: PlayableGame>(
    _ game: G.Type, replay bytes: [UInt8], ticks range: ClosedRange<Int>,
    limits: ReplayLimits = .default
  ) throws -> [Int16] {
    var track: [Int16] = []
    try stream(G.self, replay: bytes, ticks: range, limits: limits) { track += $0 }
    return track
  }

  /// `samples` as a WAV file's bytes (mono, 16-bit, ``Audio/rate``).
  package static func wav(_ samples: [Int16]) -> [UInt8] {
    var bytes: [UInt8] = []
    func u32(_ value: Int) {
      for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> shift) & 0xFF)) }
    }
    func u16(_ value: Int) {
      bytes.append(UInt8(value & 0xFF))
      bytes.append(UInt8((value >> 8) & 0xFF))
    }
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
