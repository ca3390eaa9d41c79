import Testing

@testable import GameCore
@testable import GameFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

private func contents(_ path: String) -> String? {
  guard let bytes = try? FileBytes.read(path: path, maxBytes: 1 << 20) else { return nil }
  return String(decoding: bytes, as: UTF8.self)
}

/// A new empty folder.
private func scratch(_ name: String) -> String {
  var template = Array("/tmp/output-file-\(name)-XXXXXX".utf8CString)
  return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
}

private func put(_ text: String, at path: String) throws {
  let file = try OutputFile(path: path)
  try file.write(Array(text.utf8))
  try file.commit()
}

private func kind(_ path: String) -> mode_t? {
  var info = stat()
  return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
}

@Suite struct OutputFileTests {
  @Test func aLinkPlantedAsTheTemporaryIsNeverFollowedNorRemoved() throws {
    let folder = scratch("planted")
    let victim = folder + "/victim"
    try put("precious", at: victim)
    #expect(symlink(victim, folder + "/out.replay.part") == 0)
    let sink = try ReplayFileSink(path: folder + "/out.replay")
    #expect(sink.partPath == folder + "/out.replay.1.part")
    try sink.write(Array("new".utf8))
    try sink.commit()
    #expect(contents(victim) == "precious")
    #expect(contents(folder + "/out.replay") == "new")
    #expect(kind(folder + "/out.replay.part") == S_IFLNK)
  }

  @Test func anEarlierPartFileIsKeptAndTheNextFreeNameUsed() throws {
    let folder = scratch("earlier")
    try put("interrupted", at: folder + "/a.part")
    try put("done", at: folder + "/a")
    #expect(contents(folder + "/a.part") == "interrupted")
    #expect(contents(folder + "/a") == "done")
  }

  @Test func aFolderIsRefusedAndLeftAsItWas() throws {
    let folder = scratch("folder")
    try put("keep", at: folder + "/inside")
    #expect(throws: FileError.notAFile(path: folder, kind: "a folder")) {
      try OutputFile(path: folder)
    }
    #expect(contents(folder + "/inside") == "keep")
  }

  @Test func aCharacterDeviceIsWrittenInPlaceNeverReplaced() throws {
    // As root, a null device of our own (never the system's); otherwise /dev/null, which a
    // non-root rename could not replace anyway.
    let folder = scratch("device")
    var device = "/dev/null"
    var null = stat()
    if getuid() == 0, stat("/dev/null", &null) == 0,
      mknod(folder + "/null", S_IFCHR | 0o666, null.st_rdev) == 0
    {
      device = folder + "/null"
    }
    let file = try OutputFile(path: device)
    #expect(file.temporaryPath == nil)
    try file.write(Array("gone".utf8))
    try file.commit()
    #expect(kind(device) == S_IFCHR)
    #expect(access(device + ".part", F_OK) != 0)
  }

  @Test func aFullDeviceIsOneErrorAndStaysADevice() throws {
    guard access("/dev/full", W_OK) == 0 else {
      Issue.record("/dev/full is missing or not writable (Linux has it: the test needs it)")
      return
    }
    let file = try OutputFile(path: "/dev/full")
    #expect(throws: FileError.system(operation: "write", path: "/dev/full", code: ENOSPC)) {
      try file.write(Array(repeating: 0, count: 10))
    }
    #expect(kind("/dev/full") == S_IFCHR)
  }

  @Test func aLinkToAFileReplacesTheFileAndKeepsTheLink() throws {
    let folder = scratch("link")
    try put("old", at: folder + "/real")
    #expect(symlink(folder + "/real", folder + "/alias") == 0)
    try put("new", at: folder + "/alias")
    #expect(kind(folder + "/alias") == S_IFLNK)
    #expect(contents(folder + "/real") == "new")
  }

  @Test func aLinkInASharedFolderIsFollowedOnlyWhenItIsTheCallersOrTheFolderOwners() {
    let shared: mode_t = S_IFDIR | 0o1777
    let follows = OutputFile.followsLink
    #expect(follows(1000, 0, shared, 1000))  // my own link in /tmp
    #expect(follows(0, 0, shared, 1000))  // the folder owner's
    #expect(!follows(1000, 0, shared, 0))  // another user's link, followed by root: never
    #expect(!follows(1000, 0, shared, 1001))
    #expect(follows(1000, 0, S_IFDIR | 0o777, 0))  // not sticky: a private choice
    #expect(follows(1000, 0, S_IFDIR | 0o1755, 0))  // sticky but not writable by all
    #expect(OutputFile.folder(of: "/tmp/a.replay") == "/tmp")
    #expect(OutputFile.folder(of: "a.replay") == "." && OutputFile.folder(of: "/a") == "/")
  }

  /// As root (CI): a link another user planted in a sticky folder anyone may write to, aimed
  /// at a file of root's, is refused and the file keeps its bytes.
  @Test func aPlantedLinkInASharedFolderIsRefusedAndItsTargetUntouched() throws {
    let folder = scratch("shared")
    let victim = scratch("victim") + "/passwd"
    try put("root:x:0:0", at: victim)
    #expect(chmod(folder, 0o1777) == 0)
    #expect(symlink(victim, folder + "/out.replay") == 0)
    guard geteuid() == 0 else {
      // Not root: the link is this user's own, so it is followed, as the kernel would.
      try put("mine", at: folder + "/out.replay")
      #expect(contents(victim) == "mine")
      return
    }
    #expect(lchown(folder + "/out.replay", 65_534, 65_534) == 0)
    #expect(throws: FileError.self) { try put("pwned", at: folder + "/out.replay") }
    #expect(contents(victim) == "root:x:0:0")
    #expect(kind(folder + "/out.replay") == S_IFLNK)
    #expect(access(victim + ".part", F_OK) != 0 && access(folder + "/out.replay.part", F_OK) != 0)
  }

  @Test func aLinkToAPipeIsWrittenThroughNotResolved() throws {
    // `/dev/stdout` when the output is a pipe: a link to `pipe:[N]`, which is not a path.
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let folder = scratch("pipe")
    #expect(symlink("/proc/self/fd/\(ends[1])", folder + "/out") == 0)
    let file = try OutputFile(path: folder + "/out")
    close(ends[1])
    #expect(file.temporaryPath == nil)
    try file.write(Array("through".utf8))
    try file.commit()
    var buffer = [UInt8](repeating: 0, count: 16)
    let count = read(ends[0], &buffer, 16)
    #expect(String(decoding: buffer[0..<max(0, count)], as: UTF8.self) == "through")
  }

  @Test func discardRemovesTheTemporaryAndTheSignalRegistryForgetsIt() throws {
    let folder = scratch("discard")
    let file = try OutputFile(path: folder + "/x")
    let temporary = try #require(file.temporaryPath)
    #expect(Leftovers.isRemembered(temporary))
    try file.write(Array("half".utf8))
    file.discard()
    #expect(access(temporary, F_OK) != 0)
    #expect(!Leftovers.isRemembered(temporary))
    #expect(access(folder + "/x", F_OK) != 0)
  }

  @Test func aCommittedFileIsNoLongerATemporaryToRemove() throws {
    let folder = scratch("commit")
    let file = try OutputFile(path: folder + "/x")
    let temporary = try #require(file.temporaryPath)
    try file.commit()
    #expect(!Leftovers.isRemembered(temporary))
    file.discard()
    #expect(access(folder + "/x", F_OK) == 0)
  }

  @Test func aNewFileNeverReplacesNorFollowsWhatIsThere() throws {
    let folder = scratch("new")
    try put("mine", at: folder + "/file")
    #expect(symlink(folder + "/file", folder + "/link") == 0)
    for name in ["file", "link"] {
      #expect(
        throws: FileError.system(operation: "create", path: folder + "/" + name, code: EEXIST)
      ) {
        try OutputFile.write(Array("new".utf8), to: folder + "/" + name, replacing: false)
      }
    }
    #expect(contents(folder + "/file") == "mine")
    try OutputFile.write(Array("new".utf8), to: folder + "/fresh", replacing: false)
    #expect(contents(folder + "/fresh") == "new")
    // Something that appears while the new file is written is kept, and the temporary removed.
    let late = try OutputFile(path: folder + "/late", replacing: false)
    try put("theirs", at: folder + "/late")
    #expect(
      throws: FileError.system(operation: "create", path: folder + "/late", code: EEXIST)
    ) {
      try late.commit()
    }
    #expect(contents(folder + "/late") == "theirs")
    #expect(access(folder + "/late.part", F_OK) != 0)
  }

  @Test func theWriteLoopWritesEverythingOrSaysWhy() throws {
    let folder = scratch("loop")
    let file = try OutputFile(path: folder + "/x")
    let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0) }
    try file.write(bytes)
    try file.commit()
    #expect(try FileBytes.read(path: folder + "/x", maxBytes: 1 << 20) == bytes)
    let full = open("/dev/full", O_WRONLY)
    defer { close(full) }
    #expect(bytes.withUnsafeBytes { OutputFile.writeAll($0, to: full) } == ENOSPC)
  }
}
