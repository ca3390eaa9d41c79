/// A state that a replay can fingerprint: its whole stable hash and one hash per section.
///
/// The whole hash goes into the checkpoints every 64 ticks; the section hashes (one per
/// top-level stored property, e.g. "ship", "rocks", "score") go in at the end of every chunk
/// and at the end, so a desync report can say which parts of the state went wrong.
public protocol ReplayHashable: StableHashable {
  /// One `(name, hash)` per top-level stored property, in declaration order.
  var hashSections: [(name: String, hash: UInt64)] { get }
}
