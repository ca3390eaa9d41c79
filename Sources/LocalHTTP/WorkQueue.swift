import Foundation

/// The requests waiting for a worker, and how many workers are busy: a bounded hand-off
/// between the server's poll loop and its worker threads.
final class WorkQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private var items: [ArrivedRequest] = []
  private var busy = 0
  private var live = 0
  private var stopped = false

  /// Requests queued or being served.
  var load: Int {
    condition.lock()
    defer { condition.unlock() }
    return items.count + busy
  }

  /// Hands a request that arrived whole to the next free worker.
  func push(_ request: ArrivedRequest) {
    condition.lock()
    items.append(request)
    condition.signal()
    condition.unlock()
  }

  /// A worker starts.
  func workerStarted() {
    condition.lock()
    live += 1
    condition.unlock()
  }

  /// The next request to serve (the caller is then busy until ``done()``), or nil once
  /// stopped: the worker then ends.
  func take() -> ArrivedRequest? {
    condition.lock()
    defer { condition.unlock() }
    while items.isEmpty && !stopped { condition.wait() }
    if stopped {
      live -= 1
      condition.broadcast()
      return nil
    }
    busy += 1
    return items.removeFirst()
  }

  /// A worker finished a request.
  func done() {
    condition.lock()
    busy -= 1
    condition.unlock()
  }

  /// Stops every worker after the request it is serving; returns the connections of the
  /// requests nobody took, for the caller to close, once every worker has ended.
  func stopAndWait() -> [Int32] {
    condition.lock()
    defer { condition.unlock() }
    stopped = true
    condition.broadcast()
    while live > 0 { condition.wait() }
    let left = items.map(\.descriptor)
    items.removeAll()
    return left
  }
}
