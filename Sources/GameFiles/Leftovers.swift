#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import GameCore

/// The temporary files and child processes a command has made and not yet finished with, so
/// that SIGINT, SIGTERM or SIGHUP removes them instead of leaving them behind.
///
/// A signal handler may only call async-signal-safe functions, so the registry is plain
/// memory set aside once: a few fixed slots of path bytes and process ids, read by the
/// handler without a lock. ``OutputFile`` registers its temporary while it is open; a command
/// that runs a child (ffmpeg) registers its id. ``removeOnSignals()`` installs the handler; the
/// window's `play` does not call it, since SDL turns those signals into a graceful quit that
/// finishes the recording.
public enum Leftovers {
  /// How many temporaries and children may be registered at once (more are not cleaned up).
  static let slots = 32
  /// Longest registrable path, in bytes (a longer one is left to the usual cleanup).
  static let pathBytes = 4096

  nonisolated(unsafe) private static let paths = UnsafeMutablePointer<CChar>.allocate(
    capacity: slots * pathBytes)
  nonisolated(unsafe) private static let children = UnsafeMutablePointer<pid_t>.allocate(
    capacity: slots)
  nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
    let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(lock, nil)
    paths.initialize(repeating: 0, count: slots * pathBytes)
    children.initialize(repeating: 0, count: slots)
    return lock
  }()

  /// Registers `path` for removal on a signal; returns its slot for ``forget(_:)``, or nil
  /// when every slot is taken or the path is too long.
  public static func remember(path: String) -> Int? {
    let bytes = Array(path.utf8)
    guard !bytes.isEmpty, bytes.count < pathBytes, !bytes.contains(0) else { return nil }
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    for slot in 0..<slots where paths[slot * pathBytes] == 0 {
      let start = paths + slot * pathBytes
      for (index, byte) in bytes.enumerated().dropFirst() { start[index] = CChar(bitPattern: byte) }
      start[bytes.count] = 0
      // The first byte last: the handler reads a slot only once it is marked in use.
      start[0] = CChar(bitPattern: bytes[0])
      return slot
    }
    return nil
  }

  /// Unregisters a path's slot (the file was renamed into place or removed).
  public static func forget(_ slot: Int?) {
    guard let slot, (0..<slots).contains(slot) else { return }
    pthread_mutex_lock(lock)
    paths[slot * pathBytes] = 0
    pthread_mutex_unlock(lock)
  }

  /// Registers a child process to be killed (before its files are removed) on a signal.
  public static func remember(child: pid_t) -> Int? {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    for slot in 0..<slots where children[slot] == 0 {
      children[slot] = child
      return slot
    }
    return nil
  }

  /// Unregisters a child (it has exited).
  public static func forget(child slot: Int?) {
    guard let slot, (0..<slots).contains(slot) else { return }
    pthread_mutex_lock(lock)
    children[slot] = 0
    pthread_mutex_unlock(lock)
  }

  /// Installs the handler for SIGINT, SIGTERM and SIGHUP: kill the registered children, remove
  /// the registered files, then die of the signal as if unhandled (the shell sees the usual
  /// status). A signal the process inherited as ignored stays ignored.
  ///
  /// The signals are also unblocked on the calling thread: a parent that spawned the process
  /// from a thread with them blocked (a dispatch worker) must still be able to stop it.
  public static func removeOnSignals() {
    _ = lock
    var unblock = sigset_t()
    sigemptyset(&unblock)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblock, signalNumber) }
    pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      let previous = signal(signalNumber, leftoversHandler)
      if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
        signal(signalNumber, SIG_IGN)
      }
    }
  }

  /// Blocks SIGINT, SIGTERM and SIGHUP on this thread (while a temporary is created and
  /// registered); returns the mask to restore.
  static func blockSignals() -> sigset_t {
    var block = sigset_t()
    var saved = sigset_t()
    sigemptyset(&block)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&block, signalNumber) }
    pthread_sigmask(SIG_BLOCK, &block, &saved)
    return saved
  }

  /// Restores the mask ``blockSignals()`` returned (a pending signal is delivered now).
  static func restoreSignals(_ saved: sigset_t) {
    var saved = saved
    pthread_sigmask(SIG_SETMASK, &saved, nil)
  }

  /// What the handler does, callable outside it (tests): kills children, removes files.
  static func cleanUp() {
    for slot in 0..<slots where children[slot] > 0 {
      kill(children[slot], SIGKILL)
      waitpid(children[slot], nil, 0)
    }
    for slot in 0..<slots where paths[slot * pathBytes] != 0 {
      unlink(paths + slot * pathBytes)
    }
  }

  /// True when `path` is registered (tests).
  static func isRemembered(_ path: String) -> Bool {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    return (0..<slots).contains {
      paths[$0 * pathBytes] != 0 && String(cString: paths + $0 * pathBytes) == path
    }
  }
}

private func leftoversHandler(_ signalNumber: Int32) {
  Leftovers.cleanUp()
  signal(signalNumber, SIG_DFL)
  raise(signalNumber)
}
