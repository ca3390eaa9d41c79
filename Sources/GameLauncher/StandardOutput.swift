import GameFiles

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

  /// Writes `text` whole (``OutputFile/writeAll(_:to:)``), or handles the failure as above.
  static func write(_ text: String) {
    guard !readerClosed else { return }
    var text = text
    let failure = text.withUTF8 { OutputFile.writeAll(UnsafeRawBufferPointer($0), to: 1) }
    switch failure {
    case 0: return
    case EPIPE: readerClosed = true
    default:
      printError(
        "error: cannot write the output: \(String(cString: strerror(failure)).lowercased())")
      terminate(2)
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
