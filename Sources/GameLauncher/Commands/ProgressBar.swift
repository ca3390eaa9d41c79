#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A one-line progress bar on stderr for runs longer than about a second.
///
/// Silent when stderr is not a terminal (`isatty(2)`), so logs and pipes stay clean, and
/// silent for the first second, so quick runs print nothing. Redraws at most ten times a
/// second and erases itself when done.
final class ProgressBar {
  private let label: String
  private let enabled: Bool
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private var lastDraw: ContinuousClock.Instant?
  private var drawn = false

  init(label: String) {
    self.label = label
    self.enabled = isatty(2) == 1
    self.start = clock.now
  }

  /// Shows `done` out of `total`.
  func update(done: Int, total: Int) {
    guard enabled, total > 0 else { return }
    let now = clock.now
    guard now - start > .seconds(1) else { return }
    if let lastDraw, now - lastDraw < .milliseconds(100) { return }
    lastDraw = now
    let width = 30
    let filled = min(width, done * width / total)
    let percent = min(100, done * 100 / total)
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    writeStandardError("\r\(label) [\(bar)] \(percent)%")
    drawn = true
  }

  /// Erases the bar.
  func finish() {
    guard drawn else { return }
    writeStandardError("\r\u{1B}[2K")
    drawn = false
  }
}
