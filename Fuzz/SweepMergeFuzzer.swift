// libFuzzer harness for `merge-sweeps` over hostile shards: the bounded shard reader
// (FileBytes.readLines through SweepMerge.read), the flat JSON parser and the merge's checks
// (compiled with the engine's sources and the merge's files into one module by Fuzz/build-fuzzer,
// run by Fuzz/fuzz-merge). Any trap, sanitizer report or leak is a bug: every input must end as a
// merged output or one FileProblem.
//
// An input is up to four shards separated by the byte 0x1E; each is written to a file and
// read back as the command reads it, and also handed to the merge as text unread (so lines the
// reader refuses still reach the parser). The corpus holds real shards (Fuzz/merge-corpus).
// Whatever merges is a whole sweep, so merging it alone again must give it back unchanged.

#if canImport(Glibc)
  import Glibc
#endif

let folder: String = {
  var template = Array("/tmp/fuzz-merge-XXXXXX".utf8CString)
  guard let made = mkdtemp(&template) else { fatalError("cannot make a temporary folder") }
  return String(cString: made)
}()

/// Writes `bytes` to `path` (replacing it); every write checked.
func write(_ bytes: ArraySlice<UInt8>, to path: String) {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
  precondition(descriptor >= 0, "cannot write \(path)")
  defer { close(descriptor) }
  var done = 0
  let array = Array(bytes)
  while done < array.count {
    let count = array.withUnsafeBytes {
      Glibc.write(descriptor, $0.baseAddress! + done, $0.count - done)
    }
    precondition(count > 0, "cannot write \(path)")
    done += count
  }
}

/// A merged output must be a whole sweep: merged alone it is itself.
func checkWhole(_ merged: String) {
  guard let again = try? SweepMerge.merge([("merged", merged)]) else {
    preconditionFailure("a merged sweep does not merge again:\n\(merged)")
  }
  precondition(again == merged, "merging a whole sweep changed it")
}

/// The harness run by `FUZZ_TARGET=merge` (FuzzTarget.swift).
func fuzzSweepMerge(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let parts = bytes.split(separator: 0x1E, maxSplits: 3, omittingEmptySubsequences: false)
  var read: [(name: String, text: String)] = []
  var unread: [(name: String, text: String)] = []
  for (index, part) in parts.enumerated() {
    let path = folder + "/shard-\(index)"
    write(part, to: path)
    if let text = try? SweepMerge.read(path) {
      precondition(text.utf8.elementsEqual(part), "the reader changed a shard it accepted")
      read.append((path, text))
    }
    unread.append((path, String(decoding: part, as: UTF8.self)))
  }
  if read.count == parts.count, let merged = try? SweepMerge.merge(read) { checkWhole(merged) }
  if let merged = try? SweepMerge.merge(unread) { checkWhole(merged) }
  return 0
}
