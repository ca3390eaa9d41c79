/// The store's state bits, packed so the fast path of `send` tests one byte.
@usableFromInline
struct StoreFlags: OptionSet, Sendable {
  @usableFromInline var rawValue: UInt8
  @inlinable init(rawValue: UInt8) { self.rawValue = rawValue }

  /// A batch is being handled.
  @inlinable static var processing: StoreFlags { StoreFlags(rawValue: 1 << 0) }
  /// The reducer is running.
  @inlinable static var reducing: StoreFlags { StoreFlags(rawValue: 1 << 1) }
  /// Actions wait in the queue.
  @inlinable static var queued: StoreFlags { StoreFlags(rawValue: 1 << 2) }
  /// Middleware or history is installed.
  @inlinable static var observed: StoreFlags { StoreFlags(rawValue: 1 << 3) }
  /// Someone subscribed.
  @inlinable static var subscribed: StoreFlags { StoreFlags(rawValue: 1 << 4) }

  /// Whether `flag` is set; setting it to true inserts it, to false removes it: the store's
  /// `flags[.processing] = true`.
  @inlinable subscript(flag: StoreFlags) -> Bool {
    get { contains(flag) }
    set { if newValue { insert(flag) } else { remove(flag) } }
  }
}
