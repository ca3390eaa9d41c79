/// Where a ``ReplayRecorder`` puts each record as soon as it is complete.
///
/// `write` is called with whole records only (the header, then each chunk, then the end
/// record), so whatever a sink has received at any moment is a readable, if partial, replay.
public protocol ReplaySink: AnyObject {
  /// Appends one record's bytes.
  func write(_ bytes: [UInt8]) throws
  /// The end record has been written: make the replay final (rename it into place, …).
  func commit() throws
  /// The recording failed: remove whatever was written (a file sink removes its temporary).
  func discard()
}

extension ReplaySink {
  /// Nothing to remove by default.
  public func discard() {}
}

/// A sink that keeps the replay in memory: for tests, and to record then save in one go.
public final class MemoryReplaySink: ReplaySink {
  /// Everything written so far.
  public private(set) var bytes: [UInt8] = []
  /// Whether ``commit()`` has been called.
  public private(set) var isCommitted = false

  /// An empty sink.
  public init() {}

  /// Appends the record to ``bytes``.
  public func write(_ bytes: [UInt8]) throws { self.bytes.append(contentsOf: bytes) }

  /// Marks the replay final.
  public func commit() throws { isCommitted = true }
}
