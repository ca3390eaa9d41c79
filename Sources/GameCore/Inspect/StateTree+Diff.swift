/// One field whose value differs between two states.
public struct FieldChange: Equatable, Sendable {
  /// The field's path (`score.points`, `rocks.count`).
  public var path: String
  /// Its value in the first state; `nil` when the field is only in the second (a new element).
  public var before: String?
  /// Its value in the second state; `nil` when the field is only in the first.
  public var after: String?

  /// A change.
  public init(path: String, before: String?, after: String?) {
    self.path = path
    self.before = before
    self.after = after
  }
}

extension StateTree {
  /// The leaves whose values differ from `old` to `self`: changed and added ones in this
  /// tree's order, then the ones only `old` has, in its order.
  ///
  /// Both trees cap collections the same way, so an element past the cap is compared by the
  /// collection's `count` alone.
  public func changes(since old: StateTree) -> [FieldChange] {
    let before = old.leaves
    let after = leaves
    var oldValues: [String: String] = [:]
    oldValues.reserveCapacity(before.count)
    for leaf in before { oldValues[leaf.path] = leaf.value }
    var seen: Set<String> = []
    seen.reserveCapacity(after.count)
    var out: [FieldChange] = []
    for leaf in after {
      seen.insert(leaf.path)
      let previous = oldValues[leaf.path]
      if previous != leaf.value {
        out.append(FieldChange(path: leaf.path, before: previous, after: leaf.value))
      }
    }
    for leaf in before where !seen.contains(leaf.path) {
      out.append(FieldChange(path: leaf.path, before: leaf.value, after: nil))
    }
    return out
  }
}
