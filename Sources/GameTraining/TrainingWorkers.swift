import GameCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fixed pool of threads that runs the slices of a batch call: the calling thread and
/// `count - 1` threads started once take the slices, and the call returns when all are done.
///
/// Each thread has a home share of the slices (thread `t` of `n` the `t`-th `n`-th of them,
/// the caller's thread the first), which it takes first, so from call to call the same
/// environments stay in the same core's cache; then it takes what is left of the others'
/// shares. A worker that is late (asleep, or its core given to another process) holds
/// nobody up: the others run its share, and the call waits only for slices already begun.
///
/// Which thread runs a slice never changes a result: every environment is computed alone
/// from its own state and writes only its own slots. More workers than cores works (the
/// threads take turns); zero is refused.
///
/// A batch step of a fast game is short (Pong's 4,096 environments take about 100 µs), about
/// what it costs to wake a sleeping thread, so between calls a worker first waits awake for
/// the next one, yielding its core on every turn (``spinTurns`` `sched_yield` calls, tens to
/// hundreds of microseconds), and only then sleeps on a condition variable; the caller waits
/// for the last slice the same way. A training loop that calls `step` back to back never
/// pays for a wake-up; an idle pool sleeps.
public final class TrainingWorkers: @unchecked Sendable {
  /// Threads that run slices, the caller's included.
  public let count: Int
  /// What the threads share. They hold it, never the pool: the pool's `deinit` is what
  /// stops and joins them, so a thread that held the pool would keep it alive for ever.
  let crew: WorkerCrew

  /// Most workers a pool may have.
  public static let maxCount = 1_024
  /// Most slices one call may have.
  public static let maxSlices = Int(UInt32.max)
  /// How many times a waiting thread yields its core before it sleeps.
  public static let spinTurns = 256
  /// Most slices a thread's home share of a batch call is cut into (``run(over:_:)``), so
  /// that the others can take over the rest of a late thread's share as soon as it begins.
  public static let slicesPerWorker = 4
  /// Fewest environments a slice of ``run(over:_:)`` holds (unless the batch has fewer than
  /// one a thread), so that a slice's fixed cost (taking it, setting up the loop) stays
  /// small beside its work: Pong's 64-game slices cost 2-3 % with two workers.
  public static let minimumSliceLength = 256

  /// A pool of `count` workers (1...``maxCount``).
  public init(count: Int) throws(TrainingError) {
    guard (1...Self.maxCount).contains(count) else {
      throw .badConfiguration("workers must be 1...\(Self.maxCount), not \(count)")
    }
    self.count = count
    crew = try WorkerCrew(count: count)
  }

  deinit { crew.stop() }

  /// Workers asleep now (for tests).
  var sleepingWorkers: Int { crew.sleepingWorkers }

  /// Runs `body(slice)` once for every slice in `0..<slices` (at most ``maxSlices``), on the
  /// calling thread and the workers, and returns when every slice is done. One call at a
  /// time: callers that share a pool take turns (each C handle has its own pool and lock).
  public func run(slices: Int, _ body: (Int) -> Void) {
    precondition(slices <= Self.maxSlices, "at most \(Self.maxSlices) slices a call")
    crew.run(slices: slices, body)
  }

  /// Runs `body` over `0..<total` cut into contiguous ranges (at most ``slicesPerWorker``
  /// for each thread, of at least ``minimumSliceLength`` unless that leaves a thread none,
  /// none empty), each range once, and returns when all are done.
  public func run(over total: Int, _ body: (Range<Int>) -> Void) {
    guard count > 1, total > 1 else {
      if total > 0 { body(0..<total) }
      return
    }
    let slices = min(
      total, count * Self.slicesPerWorker, max(count, total / Self.minimumSliceLength))
    crew.run(slices: slices) { slice in
      body(slice * total / slices..<(slice + 1) * total / slices)
    }
  }
}

/// The state a pool's threads share, and the threads' loop.
///
/// Every thread has a counter of its home share, `end << 32 | next`, on its own cache line.
/// A thread takes a slice by compare-and-swap: its own share's `next` (moving it up), or
/// another's `end - 1` (moving it down), and that only while the share's owner has not
/// begun: once begun, an owner runs its share to the end, which keeps a share's
/// environments in one core's cache from call to call (stealing the tail of a busy share
/// moved them and cost Asteroids 5 % with two workers). The caller sets every counter
/// (release) after the call's job and `remaining`; a slice is taken by swapping a value
/// some call set, so it is that call's slice, and the thread reads the job after the swap
/// (acquire): a worker that wakes a call late, or between two calls, either finds nothing
/// left or takes a slice of the call now running and runs it with that call's job. The
/// caller returns when `remaining` (slices not yet done) is zero; a slice taken is one the
/// caller waits for, so the job outlives every use of it.
final class WorkerCrew: @unchecked Sendable {
  let count: Int
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private let done = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var threads: [pthread_t] = []
  /// Bumped by every call (and by `stop`): a worker that sees it change has work.
  private let generation = Atomic<Int>(0)
  /// Each thread's home share, `end << 32 | next`, ``padding`` counters apart, each
  /// followed by whether its owner has begun it this call (1) or not (0).
  private let shares: UnsafeMutablePointer<Atomic<UInt64>>
  private static let padding = 16
  /// Workers wait while this is set, once woken and before anything else, even a `stop`: a
  /// test's stand-in for threads the system has not run yet (a test that sets it clears it).
  /// `held` counts those waiting.
  let paused = Atomic<Bool>(false)
  let held = Atomic<Int>(0)
  /// Calls begun, and stops (for tests).
  var generationNow: Int { generation.load(ordering: .acquiring) }
  /// Slices of the current call not done yet.
  private let remaining = Atomic<Int>(0)
  private let stopping = Atomic<Bool>(false)
  /// Workers asleep on `wake`, and whether the caller sleeps on `done` (both under `mutex`).
  private var sleepers = 0
  private var callerSleeps = false
  /// The call's job, written before the shares are set (release) and read after a slice is
  /// taken (acquire).
  private var job: ((Int) -> Void)?

  /// Worker threads running their loop now (for tests: zero once the pool is gone).
  let running = Atomic<Int>(0)

  /// Starts `count - 1` threads; on a failure stops those started and throws.
  init(count: Int) throws(TrainingError) {
    self.count = count
    shares = .allocate(capacity: count * Self.padding)
    for index in 0..<count * Self.padding { (shares + index).initialize(to: Atomic(0)) }
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(wake, nil)
    pthread_cond_init(done, nil)
    for index in 1..<count {
      let context = Unmanaged.passRetained(WorkerContext(crew: self, index: index)).toOpaque()
      var thread = pthread_t()
      let status = pthread_create(
        &thread, nil,
        { raw in
          let context = Unmanaged<WorkerContext>.fromOpaque(raw!).takeRetainedValue()
          context.crew.work(index: context.index)
          return nil
        }, context)
      guard status == 0 else {
        Unmanaged<WorkerContext>.fromOpaque(context).release()
        stop()
        throw .badConfiguration("could not start worker thread \(index) (error \(status))")
      }
      threads.append(thread)
    }
  }

  deinit {
    shares.deinitialize(count: count * Self.padding)
    shares.deallocate()
    pthread_cond_destroy(wake)
    pthread_cond_destroy(done)
    pthread_mutex_destroy(mutex)
    wake.deallocate()
    done.deallocate()
    mutex.deallocate()
  }

  var sleepingWorkers: Int {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return sleepers
  }

  func run(slices: Int, _ body: (Int) -> Void) {
    guard count > 1, slices > 1 else {
      for slice in 0..<max(0, slices) { body(slice) }
      return
    }
    withoutActuallyEscaping(body) { job in
      self.job = job
      remaining.store(slices, ordering: .relaxed)
      for thread in 0..<count {
        let next = UInt64(thread * slices / count)
        let end = UInt64((thread + 1) * slices / count)
        shares[thread * Self.padding + 1].store(0, ordering: .relaxed)
        shares[thread * Self.padding].store(end << 32 | next, ordering: .releasing)
      }
      generation.add(1, ordering: .sequentiallyConsistent)
      pthread_mutex_lock(mutex)
      if sleepers > 0 { pthread_cond_broadcast(wake) }
      pthread_mutex_unlock(mutex)
      takeSlices(home: 0)
      waitForSlices()
      self.job = nil
    }
  }

  /// Takes and runs slices, from the front of its home share first, then from the back of
  /// the others' shares not begun, until none is left.
  ///
  /// It counts its slices off `remaining` once, at the end: the call cannot end while it
  /// holds slices not counted, so every slice it takes in one pass is of one call.
  private func takeSlices(home: Int) {
    var ran = 0
    for offset in 0..<count {
      let share = home + offset < count ? home + offset : home + offset - count
      let front = offset == 0
      if front { shares[share * Self.padding + 1].store(1, ordering: .relaxed) }
      while let slice = take(from: share, front: front) {
        job.unsafelyUnwrapped(slice)
        ran += 1
      }
    }
    guard ran > 0, remaining.subtract(ran, ordering: .acquiringAndReleasing).newValue == 0
    else { return }
    pthread_mutex_lock(mutex)
    if callerSleeps { pthread_cond_signal(done) }
    pthread_mutex_unlock(mutex)
  }

  /// A slice of `share`, its first left (`front`) or its last, or nil if none is left (or,
  /// for its last, if its owner has begun it).
  @inline(__always)
  private func take(from share: Int, front: Bool) -> Int? {
    let counter = shares + share * Self.padding
    var value = counter.pointee.load(ordering: .relaxed)
    while true {
      let next = value & 0xFFFF_FFFF
      let end = value >> 32
      guard next < end,
        front || counter.advanced(by: 1).pointee.load(ordering: .relaxed) == 0
      else { return nil }
      let (taken, claimed) = front ? (value + 1, next) : (value - (1 << 32), end - 1)
      let (exchanged, original) = counter.pointee.compareExchange(
        expected: value, desired: taken, successOrdering: .acquiringAndReleasing,
        failureOrdering: .relaxed)
      if exchanged { return Int(claimed) }
      value = original
    }
  }

  /// Returns when every slice of the current call is done: awake for a while, then asleep.
  private func waitForSlices() {
    var turns = 0
    while remaining.load(ordering: .acquiring) > 0 {
      guard turns < TrainingWorkers.spinTurns else {
        pthread_mutex_lock(mutex)
        callerSleeps = true
        while remaining.load(ordering: .acquiring) > 0 { pthread_cond_wait(done, mutex) }
        callerSleeps = false
        pthread_mutex_unlock(mutex)
        return
      }
      turns += 1
      sched_yield()
    }
  }

  private func work(index: Int) {
    running.add(1, ordering: .relaxed)
    defer { running.subtract(1, ordering: .releasing) }
    var seen = 0
    while true {
      var turns = 0
      while generation.load(ordering: .acquiring) == seen {
        guard turns < TrainingWorkers.spinTurns else {
          pthread_mutex_lock(mutex)
          sleepers += 1
          while generation.load(ordering: .sequentiallyConsistent) == seen {
            pthread_cond_wait(wake, mutex)
          }
          sleepers -= 1
          pthread_mutex_unlock(mutex)
          break
        }
        turns += 1
        sched_yield()
      }
      if paused.load(ordering: .acquiring) {
        held.add(1, ordering: .relaxed)
        while paused.load(ordering: .acquiring) { sched_yield() }
        held.subtract(1, ordering: .relaxed)
      }
      // `seen` first, then `stopping`: a late worker may wake for a call the others have
      // finished, and the pool may stop meanwhile. If `seen` includes `stop`'s bump, the
      // acquire makes `stopping` visible; if not, the generation has moved again and the loop
      // comes straight back here. (The other order could read `stopping` false, then a `seen`
      // with the bump in it, and sleep for ever while `stop` waits to join it.)
      seen = generation.load(ordering: .acquiring)
      if stopping.load(ordering: .acquiring) { return }
      takeSlices(home: index)
    }
  }

  /// Stops and joins the threads (once: later calls find none to join).
  func stop() {
    stopping.store(true, ordering: .releasing)
    generation.add(1, ordering: .sequentiallyConsistent)
    pthread_mutex_lock(mutex)
    pthread_cond_broadcast(wake)
    pthread_mutex_unlock(mutex)
    for thread in threads { pthread_join(thread, nil) }
    threads = []
  }
}

/// What a worker thread starts with (and holds until it returns).
private final class WorkerContext {
  let crew: WorkerCrew
  let index: Int
  init(crew: WorkerCrew, index: Int) {
    self.crew = crew
    self.index = index
  }
}

@available(*, deprecated, renamed: "TrainingWorkers")
public typealias EnvironmentWorkers = TrainingWorkers
