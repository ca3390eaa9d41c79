import GameCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file being written so that nothing is lost: the bytes go to a new temporary beside it,
/// created exclusively, and are renamed over the real name only when complete.
///
/// - The temporary is `PATH.part` (or `PATH.1.part`, `PATH.2.part`, … when that name is
///   taken), opened with `O_CREAT | O_EXCL | O_NOFOLLOW`: a link or file planted under that name
///   is never followed, truncated or removed.
/// - The rename goes only over a regular file (or nothing). A path naming a character device
///   or a pipe (`/dev/null`, `/dev/stdout`, a FIFO) is written directly, never replaced; a
///   folder, a block device or a socket is refused. A symbolic link is followed: the file it
///   names is replaced, the link kept; but never another user's link in a shared sticky
///   folder such as `/tmp` (``followsLink(linkOwner:folderOwner:folderMode:caller:)``).
/// - ``discard()`` removes the temporary; while it is open it is registered with
///   ``Leftovers`` so that SIGINT and SIGTERM remove it too. Dropping the value without either
///   leaves the temporary, as a killed process would (a recording's `.part` stays readable).
public final class OutputFile {
  /// The name the caller asked for.
  public let path: String
  /// The file the rename replaces: `path`, or the file a symbolic link at `path` names.
  public let target: String
  /// The temporary, or nil when `path` is written directly (a device or a pipe).
  public let temporaryPath: String?
  /// Where the bytes go now: ``temporaryPath``, else ``path``.
  public var writingPath: String { temporaryPath ?? path }
  /// The open descriptor (-1 once committed or discarded).
  public private(set) var descriptor: Int32
  private var slot: Int?
  /// True once committed or discarded: the temporary's name is no longer ours.
  private var finished = false
  /// False for a new file only: nothing at `path` is ever replaced.
  private let replacing: Bool

  /// Opens a temporary for `path` (or `path` itself, for a device or a pipe).
  ///
  /// - Parameters:
  ///   - path: The file to write.
  ///   - suffix: The temporary's suffix, `.part` by default.
  ///   - replacing: False to make a new file: anything at `path` (a file, a link, a device),
  ///     there now or when the temporary is renamed, is refused ("File exists"), never
  ///     followed or replaced.
  public convenience init(path: String, suffix: String = ".part", replacing: Bool = true)
    throws(FileError)
  {
    try self.init(path: path, suffix: suffix, scratch: false, replacing: replacing)
  }

  /// A temporary of its own beside `path` (`PATH` + `suffix`, or the next free `.N` name),
  /// created exclusively whatever `path` is; never committed, only ``discard()``ed (the sound
  /// track ffmpeg reads next to a clip).
  public static func scratch(beside path: String, suffix: String) throws(FileError)
    -> OutputFile
  {
    try OutputFile(path: path, suffix: suffix, scratch: true, replacing: true)
  }

  /// Whether a link at the target is followed: the kernel's `fs.protected_symlinks` rule,
  /// which resolving the link here would otherwise bypass. In a sticky folder anyone may write
  /// to (`/tmp`), only a link of the caller's own or of the folder's owner is followed: a link
  /// planted there by another user, aimed at a file of the caller's (`/etc/passwd`, as root),
  /// is never written through.
  static func followsLink(
    linkOwner: uid_t, folderOwner: uid_t, folderMode: mode_t, caller: uid_t
  ) -> Bool {
    let shared = folderMode & S_ISVTX != 0 && folderMode & S_IWOTH != 0
    return !shared || linkOwner == caller || linkOwner == folderOwner
  }

  /// The folder holding `path` (`.` for a bare name).
  static func folder(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
  }

  private init(path: String, suffix: String, scratch: Bool, replacing: Bool)
    throws(FileError)
  {
    self.path = path
    self.replacing = replacing
    var info = stat()
    var target = path
    if !replacing, lstat(path, &info) == 0 {
      throw .system(operation: "create", path: path, code: EEXIST)
    }
    if !scratch, lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
      var folder = stat()
      let parent = Self.folder(of: path)
      guard stat(parent, &folder) == 0 else {
        throw .system(operation: "follow the link", path: path, code: errno)
      }
      guard
        Self.followsLink(
          linkOwner: info.st_uid, folderOwner: folder.st_uid, folderMode: folder.st_mode,
          caller: geteuid())
      else {
        throw .notAFile(
          path: path,
          kind: "a link another user made in a folder anyone may write to (never followed)")
      }
      guard stat(path, &info) == 0 else {
        throw .system(operation: "follow the link", path: path, code: errno)
      }
      // Only a link to a regular file is resolved (its temporary goes beside that file); a
      // link to a pipe or a device (`/dev/stdout`) is opened as given, like the device itself.
      if (info.st_mode & S_IFMT) == S_IFREG {
        guard let resolved = realpath(path, nil) else {
          throw .system(operation: "follow the link", path: path, code: errno)
        }
        target = String(cString: resolved)
        free(resolved)
      }
    }
    self.target = target
    let exists = !scratch && stat(target, &info) == 0
    switch exists ? info.st_mode & S_IFMT : S_IFREG {
    case S_IFREG:
      var opened: (String, Int32)?
      // No signal between creating the temporary and registering it: it would be left behind.
      let saved = Leftovers.blockSignals()
      defer { Leftovers.restoreSignals(saved) }
      for attempt in 0..<100 {
        let candidate = target + (attempt == 0 ? "" : ".\(attempt)") + suffix
        let descriptor = open(
          candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        if descriptor >= 0 {
          opened = (candidate, descriptor)
          break
        }
        if errno != EEXIST { throw .system(operation: "create", path: candidate, code: errno) }
      }
      guard let (temporary, descriptor) = opened else {
        throw .system(operation: "create", path: target + suffix, code: EEXIST)
      }
      temporaryPath = temporary
      self.descriptor = descriptor
      slot = Leftovers.remember(path: temporary)
    case S_IFDIR:
      throw .notAFile(path: path, kind: "a folder")
    case S_IFCHR, S_IFIFO:
      // A device or a pipe is written in place: renaming over it would replace the node.
      temporaryPath = nil
      descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
      guard descriptor >= 0 else { throw .system(operation: "open", path: path, code: errno) }
    case S_IFBLK:
      throw .notAFile(path: path, kind: "a block device")
    default:
      throw .notAFile(path: path, kind: "a socket")
    }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
    Leftovers.forget(slot)
  }

  /// Appends `bytes` with `write(2)`, retrying short writes.
  public func write(_ bytes: some Collection<UInt8>) throws(FileError) {
    guard descriptor >= 0 else { throw .closed(path: writingPath) }
    let failure =
      bytes.withContiguousStorageIfAvailable {
        Self.writeAll(UnsafeRawBufferPointer($0), to: descriptor)
      } ?? Array(bytes).withUnsafeBytes { Self.writeAll($0, to: descriptor) }
    if failure != 0 { throw .system(operation: "write", path: writingPath, code: failure) }
  }

  /// The one write loop, under every output file and the commands' standard output: writes
  /// all of `buffer` to `descriptor`, retrying short and interrupted writes. Returns 0, or the
  /// failure's `errno` (`EIO` for a write that wrote nothing without saying why).
  public static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
    var done = 0
    while done < buffer.count {
      let count = systemWrite(descriptor, buffer.baseAddress! + done, buffer.count - done)
      if count < 0 {
        if errno == EINTR { continue }
        return errno
      }
      if count == 0 { return EIO }
      done += count
    }
    return 0
  }

  /// Syncs the temporary, closes it and renames it over ``target`` (a device or a pipe is only
  /// closed). On failure the temporary is removed and the old file is left as it was.
  public func commit() throws(FileError) {
    guard descriptor >= 0 else { throw .closed(path: writingPath) }
    guard let temporaryPath else {
      close(descriptor)
      descriptor = -1
      finished = true
      return
    }
    if fsync(descriptor) != 0 {
      let code = errno
      discard()
      throw .system(operation: "write", path: temporaryPath, code: code)
    }
    if close(descriptor) != 0 {
      let code = errno
      descriptor = -1
      discard()
      throw .system(operation: "write", path: temporaryPath, code: code)
    }
    descriptor = -1
    // Something other than a regular file may have appeared meanwhile: never rename over it.
    var info = stat()
    if !replacing, lstat(target, &info) == 0 {
      discard()
      throw .system(operation: "create", path: target, code: EEXIST)
    }
    if lstat(target, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
      discard()
      throw .notAFile(path: target, kind: "no longer a regular file")
    }
    guard rename(temporaryPath, target) == 0 else {
      let code = errno
      discard()
      throw .system(operation: "rename to \(target)", path: temporaryPath, code: code)
    }
    Leftovers.forget(slot)
    slot = nil
    finished = true
  }

  /// Writes `bytes` as the whole of `path`, all or nothing: through a synced temporary renamed
  /// into place, which a failure (a full disk) removes again. With `replacing` false, `path`
  /// must be new (see ``init(path:suffix:replacing:)``).
  public static func write(
    _ bytes: some Collection<UInt8>, to path: String, replacing: Bool = true
  ) throws(FileError) {
    let file = try OutputFile(path: path, replacing: replacing)
    do {
      try file.write(bytes)
      try file.commit()
    } catch {
      file.discard()
      throw error
    }
  }

  /// Closes and removes the temporary (nothing is removed when writing directly).
  public func discard() {
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
    if let temporaryPath, !finished { unlink(temporaryPath) }
    Leftovers.forget(slot)
    slot = nil
    finished = true
  }
}

// File scope, so the type's own `write` does not shadow the system call.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, buffer, count)
}
