// libFuzzer harness for the whole replay path: reader, limits, player, verification and the
// desync report, through Asteroids and Blocks (compiled with the engine's and the games'
// sources into one module by Fuzz/fuzz-replays). Any trap, sanitizer report or leak is a bug:
// every input must end as an outcome or a ReplayError, within the limits.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWholePath(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limits = ReplayLimits(maxBytes: 1 << 20, maxTicks: 12_000)
  for verify in [true, false] {
    if let outcome = try? Asteroids.playReplay(
      bytes, verify: verify, allowPartial: true, limits: limits, progress: nil)
    {
      _ = outcome.desync?.description
      precondition(!verify || outcome.verified || outcome.desync != nil || outcome.hashesChecked == 0)
    }
    if let outcome = try? Blocks.playReplay(
      bytes, verify: verify, allowPartial: true, limits: limits, progress: nil)
    {
      _ = outcome.desync?.description
    }
  }
  return 0
}
