import Dispatch
import GameCore
import GameFiles

/// Reading a FIFO waits for whoever writes it, which may be never: after a second of that the
/// user is told what the command is waiting for, rather than left with a silent terminal.
enum PipeNotice {
  /// Runs `body` (the read of `path`); when `path` is a pipe and `body` takes over a second,
  /// says so once on stderr.
  static func whileWaiting<T, Failure: Error>(
    for path: String, after seconds: Double = 1, _ body: () throws(Failure) -> T
  ) throws(Failure) -> T {
    guard FileBytes.isPipe(path) else { return try body() }
    let notice = DispatchWorkItem {
      printError("waiting for data on a pipe: \(path) (nothing has written to it yet)")
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: notice)
    defer { notice.cancel() }
    return try body()
  }
}
