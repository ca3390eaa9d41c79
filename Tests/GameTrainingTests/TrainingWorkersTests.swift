import Synchronization
import Testing

@testable import GameCore
@testable import GameTraining

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct TrainingWorkersTests {
  /// Counts how often each slice ran, a slot a slice with no lock of its own: the pool's
  /// hand-over from the workers to the caller is what makes the counts visible (and what
  /// ThreadSanitizer checks).
  final class Tally: @unchecked Sendable {
    let counts: UnsafeMutableBufferPointer<Int>
    init(_ slices: Int) {
      counts = .allocate(capacity: slices)
      counts.initialize(repeating: 0)
    }
    deinit { counts.deallocate() }
    func ran(_ slice: Int) { counts[slice] += 1 }
    var values: [Int] { Array(counts) }
  }

  /// Calls of 1 to `most` slices in turn, on `threads` threads: workers without a slice in
  /// one call have one in the next (the case where a late worker could run the next call's
  /// job), and with more slices than threads any thread may run any slice.
  @Test(arguments: [(threads: 4, most: 4, calls: 20_000), (threads: 3, most: 50, calls: 5_000)])
  func everySliceRunsExactlyOnceACallWhateverTheSliceCount(
    threads: Int, most: Int, calls: Int
  ) throws {
    let pool = try TrainingWorkers(count: threads)
    let tally = Tally(most)
    var expected = Array(repeating: 0, count: most)
    for call in 0..<calls {
      let slices = call % most + 1
      pool.run(slices: slices) { tally.ran($0) }
      for slice in 0..<slices { expected[slice] += 1 }
      #expect(tally.values == expected)
    }
  }

  @Test func rangesCoverTheTotalOnceInContiguousNonEmptyPieces() throws {
    let pool = try TrainingWorkers(count: 2)
    for total in [0, 1, 2, 3, 15, 16, 17, 100, 4_096] {
      let tally = Tally(max(1, total))
      pool.run(over: total) { range in
        #expect(!range.isEmpty)
        for index in range { tally.ran(index) }
      }
      #expect(Array(tally.values.prefix(total)) == Array(repeating: 1, count: total))
    }
  }

  /// A thread that is late holds nobody up: while the workers are held back (the pool's
  /// stand-in for threads the system has not run yet), the caller runs every slice of a
  /// call, the workers' shares too. With fixed shares the calls would wait for the workers,
  /// here until the watchdog lets them go after 30 seconds.
  @Test func theCallerRunsTheSharesOfWorkersNotRunning() throws {
    let pool = try TrainingWorkers(count: 3)
    let tally = Tally(24)
    pool.crew.paused.store(true, ordering: .releasing)
    let watchdog = Watchdog(crew: pool.crew, seconds: 30)
    for _ in 0..<10 { pool.run(slices: 24) { tally.ran($0) } }
    let waitedOut = watchdog.stop()
    #expect(!waitedOut)
    #expect(tally.values == Array(repeating: 10, count: 24))
    pool.run(slices: 24) { tally.ran($0) }
    #expect(tally.values == Array(repeating: 11, count: 24))
  }

  /// A pool dropped while a worker is late (woken for a call the caller has finished alone)
  /// stops: the late worker must see `stop` however its reads fall. The pause holds the
  /// workers in that gap until `stop` has begun; the drop happens on another thread, so a
  /// pool that never stops fails the test after 30 seconds instead of hanging it.
  @Test func aPoolDroppedWhileItsWorkersAreLateStops() throws {
    for _ in 0..<10 {
      let crew: WorkerCrew
      let last: Unmanaged<TrainingWorkers>
      do {
        let pool = try TrainingWorkers(count: 3)
        crew = pool.crew
        crew.paused.store(true, ordering: .releasing)
        pool.run(slices: 6) { _ in }
        // The last reference, handed to the dropper's thread: the pool's `deinit` must not
        // run here, where the pause it waits on is cleared.
        last = Unmanaged.passRetained(pool)
      }
      let called = crew.generationNow
      #expect(waitUntil(seconds: 30) { crew.held.load(ordering: .relaxed) == 2 })
      let dropper = Dropper(last)
      #expect(waitUntil(seconds: 30) { crew.generationNow > called })
      crew.paused.store(false, ordering: .releasing)
      let stopped = waitUntil(seconds: 30) { crew.running.load(ordering: .acquiring) == 0 }
      #expect(stopped)
      if stopped { dropper.join() } else { return }  // a thread stuck in `join` stays stuck
    }
  }

  /// Polls `condition` until it holds or `seconds` pass; says whether it held.
  func waitUntil(seconds: Int, _ condition: () -> Bool) -> Bool {
    var clock = timespec()
    clock_gettime(CLOCK_MONOTONIC, &clock)
    let deadline = clock.tv_sec + seconds
    while !condition() {
      clock_gettime(CLOCK_MONOTONIC, &clock)
      if clock.tv_sec > deadline { return false }
      sched_yield()
    }
    return true
  }

  /// Releases the last reference to a pool on a thread of its own.
  final class Dropper: @unchecked Sendable {
    var thread = pthread_t()
    init(_ last: Unmanaged<TrainingWorkers>) {
      pthread_create(
        &thread, nil,
        { raw in
          Unmanaged<TrainingWorkers>.fromOpaque(raw!).release()
          return nil
        }, last.toOpaque())
    }
    func join() { pthread_join(thread, nil) }
  }

  /// Lets a crew's held workers go after `seconds`, unless stopped first; says whether it had to.
  final class Watchdog: @unchecked Sendable {
    let crew: WorkerCrew
    let stopped = Atomic<Bool>(false)
    let fired = Atomic<Bool>(false)
    var thread = pthread_t()
    let seconds: Int
    init(crew: WorkerCrew, seconds: Int) {
      self.crew = crew
      self.seconds = seconds
      let raw = Unmanaged.passRetained(self).toOpaque()
      pthread_create(
        &thread, nil,
        { raw in
          let dog = Unmanaged<Watchdog>.fromOpaque(raw!).takeRetainedValue()
          var clock = timespec()
          clock_gettime(CLOCK_MONOTONIC, &clock)
          let deadline = clock.tv_sec + dog.seconds
          while !dog.stopped.load(ordering: .acquiring) {
            clock_gettime(CLOCK_MONOTONIC, &clock)
            if clock.tv_sec > deadline {
              dog.fired.store(true, ordering: .releasing)
              break
            }
            usleep(1_000)
          }
          dog.crew.paused.store(false, ordering: .releasing)
          return nil
        }, raw)
    }
    func stop() -> Bool {
      stopped.store(true, ordering: .releasing)
      pthread_join(thread, nil)
      return fired.load(ordering: .acquiring)
    }
  }

  @Test func callsAfterTheWorkersFellAsleepStillRunEverySlice() throws {
    let pool = try TrainingWorkers(count: 3)
    let tally = Tally(3)
    pool.run(slices: 3) { tally.ran($0) }
    // They sleep after a bounded wait; a pool whose workers never sleep fails here.
    try #require(waitUntil(seconds: 30) { pool.sleepingWorkers == 2 })
    pool.run(slices: 3) { tally.ran($0) }
    #expect(tally.values == [2, 2, 2])
  }

  @Test func moreWorkersThanCoresTakeTurnsAndFinish() throws {
    let pool = try TrainingWorkers(count: 64)
    let tally = Tally(64)
    for _ in 0..<20 { pool.run(slices: 64) { tally.ran($0) } }
    #expect(tally.values == Array(repeating: 20, count: 64))
  }

  /// Pools dropped just after a call (their workers awake), after their workers fell asleep,
  /// and before any call: each drop returns with every thread ended. The drops happen on
  /// another thread, so a pool that never stops fails the test after 30 seconds instead of
  /// hanging it.
  @Test func aPoolStopsWhetherItsWorkersAreAwakeOrAsleep() throws {
    var pools: [(crew: WorkerCrew, last: Unmanaged<TrainingWorkers>)] = []
    for round in 0..<12 {
      let pool = try TrainingWorkers(count: round == 11 ? 8 : 3)
      if round < 10 { pool.run(slices: 3) { _ in } }
      if round == 10 {
        pool.run(slices: 3) { _ in }
        try #require(waitUntil(seconds: 30) { pool.sleepingWorkers == 2 })
      }
      pools.append((pool.crew, Unmanaged.passRetained(pool)))
    }
    for (crew, last) in pools {
      #expect(waitUntil(seconds: 30) { crew.running.load(ordering: .acquiring) == crew.count - 1 })
      let dropper = Dropper(last)
      let stopped = waitUntil(seconds: 30) { crew.running.load(ordering: .acquiring) == 0 }
      #expect(stopped, "a dropped pool's threads still run after 30 s")
      guard stopped else { return }  // a thread stuck in `join` stays stuck
      dropper.join()
    }
  }

  /// The threads must not keep their pool alive: its `deinit` is what stops them, so a pool
  /// they held would leak its threads, one set for every batch a Python caller closed.
  @Test func droppingThePoolFreesItAndEndsItsThreads() throws {
    for sleepFirst in [false, true] {
      weak var released: TrainingWorkers?
      let crew: WorkerCrew
      do {
        let pool = try TrainingWorkers(count: 3)
        released = pool
        crew = pool.crew
        pool.run(slices: 3) { _ in }
        if sleepFirst { try #require(waitUntil(seconds: 30) { pool.sleepingWorkers == 2 }) }
      }
      #expect(released == nil)
      #expect(crew.running.load(ordering: .acquiring) == 0)
    }
  }

  @Test func zeroOrTooManyWorkersAreRefused() {
    #expect(throws: TrainingError.self) { try TrainingWorkers(count: 0) }
    #expect(throws: TrainingError.self) {
      try TrainingWorkers(count: TrainingWorkers.maxCount + 1)
    }
  }
}
