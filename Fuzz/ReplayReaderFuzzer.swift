// libFuzzer harness for the replay decoder: compiled together with the format sources (not
// through SwiftPM) by Fuzz/fuzz-replay-reader. Any trap, sanitizer report or leak is a bug:
// the decoder must turn every input into chunks or a ReplayError.

let header = ReplayHeader(
  gameID: "asteroids", gameVersion: 1, inputBits: 6, tickRate: 64, seed: 1,
  settings: [1, 0, 0, 0, 0, 0, 3]
).encoded
/// A format-4 header (a paddle and a pointer), so framed payloads reach the axis decoder too.
let analogHeader = ReplayHeader(
  gameID: "paddle", gameVersion: 1, inputBits: 1, tickRate: 64, seed: 1, settings: [],
  axisRanges: [-127...127, 0...159, 0...89]
).encoded

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplayReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let raw = Array(UnsafeBufferPointer(start: data, count: size))
  // The input as a whole file, and as the payload of a correctly framed chunk: CRCs stop
  // random bytes at the framing, so the second form reaches the payload and input decoders.
  let frame = ReplayEncoder.frame(tag: ReplayFormat.chunkTag, payload: raw)
  for (bytes, allowPartial) in [
    (raw, false), (raw, true), (header + frame, true), (analogHeader + frame, true),
  ] {
    do {
      var reader = try ReplayReader(bytes: bytes, allowPartial: allowPartial)
      var ticks = 0
      while let chunk = try reader.nextChunk() {
        ticks += chunk.tickCount
        precondition(chunk.runs.allSatisfy { $0.length > 0 }, "a decoded run is empty")
      }
      precondition(ticks == reader.ticksRead, "tick count disagrees")
    } catch {
      _ = error.description
    }
  }
  return 0
}
