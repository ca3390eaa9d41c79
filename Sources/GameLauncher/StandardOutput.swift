#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every line the commands print goes through here: written straight to file descriptor 1 and
/// checked, so that output that cannot be written is never lost in silence.
///
/// - A full disk or any other write error (`simulate --json > /dev/full`) prints one line on
///   stderr naming the reason and ends the command with status 2.
/// - A closed pipe (`GameApp sweep ... | head`) is not an error: the reader has what it wanted.
///   The rest of the output is dropped and the command finishes its work and exits with the
///   status it would have had (a replay that fails verification still exits 1).
enum StandardOutput {
  /// Set once the reader closed the pipe: nothing more is written.
  nonisolated(unsafe) static var readerClosed = false

  /// Writes `text` whole, or handles the failure as above.
  static func write(_ text: String) {
    guard !readerClosed else { return }
    var text = text
    text.withUTF8 { buffer in
      var done = 0
      while done < buffer.count {
        #if canImport(Glibc)
          let count = Glibc.write(1, buffer.baseAddress! + done, buffer.count - done)
        #else
          let count = Darwin.write(1, buffer.baseAddress! + done, buffer.count - done)
        #endif
        if count > 0 {
          done += count
          continue
        }
        if count < 0 && errno == EINTR { continue }
        if count < 0 && errno == EPIPE {
          readerClosed = true
          return
        }
        let reason = count < 0 ? String(cString: strerror(errno)) : "nothing was written"
        printError("error: cannot write the output: \(reason.lowercased())")
        terminate(2)
      }
    }
  }

  /// A closed pipe must come back as an error from `write`, not as a signal that kills the
  /// process before it can finish.
  ///
  /// Likewise a file size limit (`ulimit -f`): a write past it fails with "file too large",
  /// reported and cleaned up like a full disk, instead of killing the process mid-file.
  static func ignoreBrokenPipeSignal() {
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
  }
}

/// The launcher's `print`: `Swift.print`'s signature, through ``StandardOutput``.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
  StandardOutput.write(items.map { "\($0)" }.joined(separator: separator) + terminator)
}
