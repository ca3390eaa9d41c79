import GameCore

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
  ///
  /// A value shown by its description (``StateTree/Node/exact``) is compared by its stored
  /// fields too; when the descriptions are equal, both sides show the fields.
  public func changes(since old: StateTree) -> [FieldChange] {
    let before = old.exactLeaves
    let after = exactLeaves
    var oldValues: [String: (value: String, exact: String?)] = [:]
    oldValues.reserveCapacity(before.count)
    for leaf in before { oldValues[leaf.path] = (leaf.value, leaf.exact) }
    var seen: Set<String> = []
    seen.reserveCapacity(after.count)
    var out: [FieldChange] = []
    for leaf in after {
      seen.insert(leaf.path)
      guard let previous = oldValues[leaf.path] else {
        out.append(FieldChange(path: leaf.path, before: nil, after: leaf.value))
        continue
      }
      if previous.value != leaf.value {
        out.append(FieldChange(path: leaf.path, before: previous.value, after: leaf.value))
      } else if previous.exact != leaf.exact {
        out.append(
          FieldChange(
            path: leaf.path, before: "\(previous.value) (\(previous.exact ?? ""))",
            after: "\(leaf.value) (\(leaf.exact ?? ""))"))
      }
    }
    for leaf in before where !seen.contains(leaf.path) {
      out.append(FieldChange(path: leaf.path, before: leaf.value, after: nil))
    }
    return out
  }
}
