import GameFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a new folder of files, all or nothing: the folder is created exclusively (an
/// existing folder, file or symbolic link of that name is refused, never written into), every
/// file is a new ``OutputFile`` inside it (never replacing anything), and on any failure what
/// was made is removed again, file by file and folder by folder (never recursively).
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
    var made = [folder]
    do throws(Failure) {
      for (path, contents) in files {
        let parts = path.split(separator: "/").map(String.init)
        var directory = folder
        for part in parts.dropLast() {
          directory += "/" + part
          if mkdir(directory, 0o755) == 0 {
            made.append(directory)
          } else if errno != EEXIST {
            throw failure(directory, errno)
          }
        }
        do {
          try OutputFile.write(Array(contents.utf8), to: folder + "/" + path, replacing: false)
        } catch {
          if case .system(_, _, let code) = error { throw failure(folder + "/" + path, code) }
          throw Failure(description: "\(error)")
        }
        made.append(folder + "/" + path)
      }
    } catch {
      // Only what this call made, newest first: a file, then the folder that held it.
      for path in made.reversed() { if unlink(path) != 0 { rmdir(path) } }
      throw error
    }
  }

  private static func failure(_ path: String, _ code: Int32) -> Failure {
    Failure(
      description: "cannot write \(NewGameCommand.shown(path)): \(String(cString: strerror(code)))")
  }
}
