#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Testing

@testable import GameCore

@Suite struct EnvironmentWorkersTests {
  /// Counts how often each slice ran, a slot a slice with no lock of its own: the pool's
  /// hand-over from the workers to the caller is what makes the counts visible (and what
  /// ThreadSanitizer checks).
  final class Tally: @unchecked Sendable {
    let counts: UnsafeMutableBufferPointer<Int>
    init(_ slices: Int) { counts = .allocate(capacity: slices); counts.initialize(repeating: 0) }
    deinit { counts.deallocate() }
    func ran(_ slice: Int) { counts[slice] += 1 }
    var values: [Int] { Array(counts) }
  }

  @Test func everySliceRunsExactlyOnceACallWhateverTheSliceCount() throws {
    let pool = try EnvironmentWorkers(count: 4)
    let tally = Tally(4)
    var expected = [0, 0, 0, 0]
    // Calls of 1 to 4 slices in turn: workers without a slice in one call have one in the
    // next, the case where a late worker could read the next call's job.
    for call in 0..<20_000 {
      let slices = call % 4 + 1
      pool.run(slices: slices) { tally.ran($0) }
      for slice in 0..<slices { expected[slice] += 1 }
      #expect(tally.values == expected)
    }
  }

  @Test func callsAfterTheWorkersFellAsleepStillRunEverySlice() throws {
    let pool = try EnvironmentWorkers(count: 3)
    let tally = Tally(3)
    pool.run(slices: 3) { tally.ran($0) }
    // Wait (no deadline needed: they sleep after a bounded wait) until both workers sleep.
    while pool.sleepingWorkers < 2 { sched_yield() }
    pool.run(slices: 3) { tally.ran($0) }
    #expect(tally.values == [2, 2, 2])
  }

  @Test func moreWorkersThanCoresTakeTurnsAndFinish() throws {
    let pool = try EnvironmentWorkers(count: 64)
    let tally = Tally(64)
    for _ in 0..<20 { pool.run(slices: 64) { tally.ran($0) } }
    #expect(tally.values == Array(repeating: 20, count: 64))
  }

  @Test func aPoolStopsWhetherItsWorkersAreAwakeOrAsleep() throws {
    for _ in 0..<50 {
      let pool = try EnvironmentWorkers(count: 3)
      pool.run(slices: 3) { _ in }
    }
    _ = try EnvironmentWorkers(count: 8)
  }

  /// The threads must not keep their pool alive: its `deinit` is what stops them, so a pool
  /// they held would leak its threads, one set for every batch a Python caller closed.
  @Test func droppingThePoolFreesItAndEndsItsThreads() throws {
    for sleepFirst in [false, true] {
      weak var released: EnvironmentWorkers?
      let crew: WorkerCrew
      do {
        let pool = try EnvironmentWorkers(count: 3)
        released = pool
        crew = pool.crew
        pool.run(slices: 3) { _ in }
        if sleepFirst { while pool.sleepingWorkers < 2 { sched_yield() } }
      }
      #expect(released == nil)
      #expect(crew.running.load(ordering: .acquiring) == 0)
    }
  }

  @Test func zeroOrTooManyWorkersAreRefused() {
    #expect(throws: EnvironmentError.self) { try EnvironmentWorkers(count: 0) }
    #expect(throws: EnvironmentError.self) {
      try EnvironmentWorkers(count: EnvironmentWorkers.maxCount + 1)
    }
  }
}
