import Foundation

/// The connections waiting for a worker, and how many workers are busy: a bounded hand-off
/// between the server's poll loop and its worker threads.
final class WorkQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private var items: [Int32] = []
  private var busy = 0
  private var live = 0
  private var stopped = false

  /// Connections queued or being served.
  var load: Int {
    condition.lock()
    defer { condition.unlock() }
    return items.count + busy
  }

  /// Hands a readable connection to the next free worker.
  func push(_ descriptor: Int32) {
    condition.lock()
    items.append(descriptor)
    condition.signal()
    condition.unlock()
  }

  /// A worker starts.
  func workerStarted() {
    condition.lock()
    live += 1
    condition.unlock()
  }

  /// The next connection to serve (the caller is then busy until ``done()``), or nil once
  /// stopped: the worker then ends.
  func take() -> Int32? {
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

  /// A worker finished a connection.
  func done() {
    condition.lock()
    busy -= 1
    condition.unlock()
  }

  /// Stops every worker after the connection it is serving; returns the connections nobody
  /// took, for the caller to close, once every worker has ended.
  func stopAndWait() -> [Int32] {
    condition.lock()
    defer { condition.unlock() }
    stopped = true
    condition.broadcast()
    while live > 0 { condition.wait() }
    let left = items
    items.removeAll()
    return left
  }
}
