#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

/// A fixed pool of threads that runs the slices of a batch call: the calling thread runs
/// slice 0, `count - 1` threads started once run the others, and the call returns when all
/// are done.
///
/// Which thread runs a slice never changes a result: every environment is computed alone
/// from its own state and writes only its own slots. More workers than cores works (the
/// threads take turns); zero is refused.
///
/// A batch step of a fast game is short (Pong's 4,096 environments take about 140 µs), about
/// what it costs to wake a sleeping thread, so between calls a worker first waits awake for
/// the next one, yielding its core on every turn (``spinTurns`` `sched_yield` calls, tens to
/// hundreds of microseconds), and only then sleeps on a condition variable; the caller waits
/// for the last slice the same way. A training loop that calls `step` back to back never
/// pays for a wake-up; an idle pool sleeps.
public final class EnvironmentWorkers: @unchecked Sendable {
  /// Threads that run slices, the caller's included.
  public let count: Int
  /// What the threads share. They hold it, never the pool: the pool's `deinit` is what
  /// stops and joins them, so a thread that held the pool would keep it alive for ever.
  let crew: WorkerCrew

  /// Most workers a pool may have.
  public static let maxCount = 1_024
  /// How many times a waiting thread yields its core before it sleeps.
  public static let spinTurns = 256

  /// A pool of `count` workers (1...``maxCount``).
  public init(count: Int) throws(EnvironmentError) {
    guard (1...Self.maxCount).contains(count) else {
      throw .badConfiguration("workers must be 1...\(Self.maxCount), not \(count)")
    }
    self.count = count
    crew = try WorkerCrew(count: count)
  }

  deinit { crew.stop() }

  /// Workers asleep now (for tests).
  var sleepingWorkers: Int { crew.sleepingWorkers }

  /// Runs `body(slice)` for every slice in `0..<slices` (at most ``count``), slice 0 on the
  /// calling thread, and returns when every slice is done.
  public func run(slices: Int, _ body: (Int) -> Void) { crew.run(slices: slices, body) }
}

/// The state a pool's threads share, and the threads' loop.
final class WorkerCrew: @unchecked Sendable {
  let count: Int
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private let done = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var threads: [pthread_t] = []
  /// Bumped by every call (and by `stop`): a worker that sees it change has work.
  private let generation = Atomic<Int>(0)
  /// Workers not done with the current call yet. Every worker reports, those without a
  /// slice too, so the call's job is never replaced while a worker may still read it.
  private let pending = Atomic<Int>(0)
  private let stopping = Atomic<Bool>(false)
  /// Workers asleep on `wake`, and whether the caller sleeps on `done` (both under `mutex`).
  private var sleepers = 0
  private var callerSleeps = false
  /// The call's slices and job, written before `generation` moves (release) and read after
  /// a worker sees it move (acquire).
  private var slices = 0
  private var job: ((Int) -> Void)?

  /// Worker threads running their loop now (for tests: zero once the pool is gone).
  let running = Atomic<Int>(0)

  /// Starts `count - 1` threads; on a failure stops those started and throws.
  init(count: Int) throws(EnvironmentError) {
    self.count = count
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
    let slices = min(slices, count)
    guard slices > 1 else {
      if slices == 1 { body(0) }
      return
    }
    withoutActuallyEscaping(body) { job in
      self.job = job
      self.slices = slices
      pending.store(count - 1, ordering: .relaxed)
      generation.add(1, ordering: .sequentiallyConsistent)
      pthread_mutex_lock(mutex)
      if sleepers > 0 { pthread_cond_broadcast(wake) }
      pthread_mutex_unlock(mutex)
      job(0)
      waitForWorkers()
      self.job = nil
    }
  }

  /// Returns when every worker's slice of the current call is done: awake for a while, then
  /// asleep.
  private func waitForWorkers() {
    var turns = 0
    while pending.load(ordering: .acquiring) > 0 {
      guard turns < EnvironmentWorkers.spinTurns else {
        pthread_mutex_lock(mutex)
        callerSleeps = true
        while pending.load(ordering: .acquiring) > 0 { pthread_cond_wait(done, mutex) }
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
        guard turns < EnvironmentWorkers.spinTurns else {
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
      if stopping.load(ordering: .acquiring) { return }
      seen = generation.load(ordering: .acquiring)
      if index < slices, let job { job(index) }
      if pending.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
        pthread_mutex_lock(mutex)
        if callerSleeps { pthread_cond_signal(done) }
        pthread_mutex_unlock(mutex)
      }
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
