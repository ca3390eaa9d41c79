import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a new folder of files, all or nothing: the folder is created exclusively (an
/// existing folder, file or symbolic link of that name is refused, never written into), every
/// file is created exclusively inside it, and on any failure the folder is removed again.
/// Interrupt and termination signals wait until it is done, so none leaves half a package.
enum PackageWriter {
  /// A folder that could not be written: where, and why.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Creates `folder` holding `files` (paths relative to it, `/`-separated).
  static func write(_ files: [(path: String, contents: String)], to folder: String) throws(Failure)
  {
    var blocked = sigset_t()
    var previous = sigset_t()
    sigemptyset(&blocked)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&blocked, signal) }
    sigprocmask(SIG_BLOCK, &blocked, &previous)
    defer { sigprocmask(SIG_SETMASK, &previous, nil) }

    guard mkdir(folder, 0o755) == 0 else {
      let reason =
        errno == EEXIST
        ? "something of that name already exists; new-game never writes into an existing "
          + "folder or over a file: choose another name, or move it away"
        : String(cString: strerror(errno))
      throw Failure(description: "cannot create \(NewGameCommand.shown(folder)): \(reason)")
    }
    do throws(Failure) {
      for (path, contents) in files {
        let parts = path.split(separator: "/").map(String.init)
        var directory = folder
        for part in parts.dropLast() {
          directory += "/" + part
          guard mkdir(directory, 0o755) == 0 || errno == EEXIST else { throw failure(directory) }
        }
        try create(folder + "/" + path, contents: contents)
      }
    } catch {
      try? FileManager.default.removeItem(atPath: folder)
      throw error
    }
  }

  /// Writes a new file; refuses one that exists (or a link in its place).
  private static func create(_ path: String, contents: String) throws(Failure) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else { throw failure(path) }
    defer { close(descriptor) }
    let bytes = Array(contents.utf8)
    var done = 0
    while done < bytes.count {
      let count = bytes.withUnsafeBytes {
        posixWrite(descriptor, $0.baseAddress! + done, $0.count - done)
      }
      guard count > 0 else { throw failure(path) }
      done += count
    }
  }

  private static func failure(_ path: String) -> Failure {
    let reason = String(cString: strerror(errno))
    return Failure(description: "cannot write \(NewGameCommand.shown(path)): \(reason)")
  }
}

/// The C library's `write` (inside ``PackageWriter`` the name is its own method's).
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
