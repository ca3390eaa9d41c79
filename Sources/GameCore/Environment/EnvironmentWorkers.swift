#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fixed pool of threads that runs the slices of a batch call: the calling thread runs
/// slice 0, `count - 1` threads started once run the others, and the call returns when all
/// are done.
///
/// Which thread runs a slice never changes a result: every environment is computed alone
/// from its own state and writes only its own slots. More workers than cores works (the
/// threads take turns); zero is refused.
public final class EnvironmentWorkers: @unchecked Sendable {
  /// Threads that run slices, the caller's included.
  public let count: Int
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private let done = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var threads: [pthread_t] = []
  private var generation = 0
  private var slices = 0
  private var pending = 0
  private var stopping = false
  private var job: ((Int) -> Void)?

  /// Most workers a pool may have.
  public static let maxCount = 1_024

  /// A pool of `count` workers (1...``maxCount``).
  public init(count: Int) throws(EnvironmentError) {
    guard (1...Self.maxCount).contains(count) else {
      throw .badConfiguration("workers must be 1...\(Self.maxCount), not \(count)")
    }
    self.count = count
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(wake, nil)
    pthread_cond_init(done, nil)
    for index in 1..<count {
      let context = Unmanaged.passRetained(WorkerContext(pool: self, index: index)).toOpaque()
      var thread = pthread_t()
      let status = pthread_create(
        &thread, nil,
        { raw in
          let context = Unmanaged<WorkerContext>.fromOpaque(raw!).takeRetainedValue()
          context.pool.work(index: context.index)
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
    stop()
    pthread_cond_destroy(wake)
    pthread_cond_destroy(done)
    pthread_mutex_destroy(mutex)
    wake.deallocate()
    done.deallocate()
    mutex.deallocate()
  }

  /// Runs `body(slice)` for every slice in `0..<slices` (at most ``count``), slice 0 on the
  /// calling thread, and returns when every slice is done.
  public func run(slices: Int, _ body: (Int) -> Void) {
    let slices = min(slices, count)
    guard slices > 1 else {
      if slices == 1 { body(0) }
      return
    }
    withoutActuallyEscaping(body) { job in
      pthread_mutex_lock(mutex)
      self.job = job
      self.slices = slices
      pending = slices - 1
      generation &+= 1
      pthread_cond_broadcast(wake)
      pthread_mutex_unlock(mutex)
      job(0)
      pthread_mutex_lock(mutex)
      while pending > 0 { pthread_cond_wait(done, mutex) }
      self.job = nil
      pthread_mutex_unlock(mutex)
    }
  }

  private func work(index: Int) {
    var seen = 0
    pthread_mutex_lock(mutex)
    while true {
      while generation == seen && !stopping { pthread_cond_wait(wake, mutex) }
      if stopping { break }
      seen = generation
      guard index < slices, let job else { continue }
      pthread_mutex_unlock(mutex)
      job(index)
      pthread_mutex_lock(mutex)
      pending -= 1
      if pending == 0 { pthread_cond_signal(done) }
    }
    pthread_mutex_unlock(mutex)
  }

  private func stop() {
    pthread_mutex_lock(mutex)
    stopping = true
    pthread_cond_broadcast(wake)
    pthread_mutex_unlock(mutex)
    for thread in threads { pthread_join(thread, nil) }
    threads = []
  }
}

/// What a worker thread starts with.
private final class WorkerContext {
  unowned(unsafe) let pool: EnvironmentWorkers
  let index: Int
  init(pool: EnvironmentWorkers, index: Int) {
    self.pool = pool
    self.index = index
  }
}
