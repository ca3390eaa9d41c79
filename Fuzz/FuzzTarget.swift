// The one libFuzzer entry point of the fuzzers Fuzz/build-fuzzer makes: the environment
// variable FUZZ_TARGET picks the harness (`replays`: WholePathFuzzer.swift, `states`:
// StateRestoreFuzzer.swift, `merge`: SweepMergeFuzzer.swift, `netplay`: NetplayFuzzer.swift)
// among those compiled in (FUZZ_REPLAYS, FUZZ_STATES, FUZZ_MERGE, FUZZ_NETPLAY). Harnesses share a binary so that the engine's
// sources are compiled once for them, not once each; a harness's globals are made on first
// use, so the others' are never made.

#if canImport(Glibc)
  import Glibc
#endif

/// The harness FUZZ_TARGET names; a missing or unknown name ends the process with one line
/// and status 2 before any input runs (in `LLVMFuzzerInitialize`, so libFuzzer does not
/// mistake the exit for a crash).
let fuzzTarget: (UnsafePointer<UInt8>, Int) -> Int32 = {
  let name = getenv("FUZZ_TARGET").map { String(cString: $0) } ?? ""
  switch name {
  #if FUZZ_REPLAYS
    case "replays": return fuzzWholePath
  #endif
  #if FUZZ_STATES
    case "states": return fuzzStateRestore
  #endif
  #if FUZZ_MERGE
    case "merge": return fuzzSweepMerge
  #endif
  #if FUZZ_NETPLAY
    case "netplay": return fuzzNetplay
  #endif
  default:
    fputs("fuzzer: FUZZ_TARGET \"\(name)\" is not a harness built into this fuzzer\n", stderr)
    exit(2)
  }
}()

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
  _ = fuzzTarget
  return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  fuzzTarget(data, size)
}
