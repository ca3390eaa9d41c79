import GameCore

/// An episode's first inputs, frozen and shared: a snapshot's history, and the start of the
/// history of every environment restored from it.
///
/// Why: a snapshot deep in an episode would otherwise copy every input so far (16 bytes a
/// step, 400 KB at step 25,000) when taken and again when restored. A segment is a parent
/// segment plus the inputs after it, so a snapshot copies only the steps taken since its
/// environment's last snapshot or restore, and a restore copies nothing: the environment's
/// ``InputLog`` starts from the segment and appends after it. A search that restores a node
/// and snapshots its children keeps one chain of segments per path, as a tree would.
///
/// > Important: Chains stay at most ``maxDepth`` links long (a longer one is copied flat
/// > into one segment), so reading one is quick and freeing one never recurses deep.
@usableFromInline
final class InputSegment: Sendable {
  /// The segment whose inputs come first, if any.
  let parent: InputSegment?
  /// This segment's own inputs, after its parent's.
  let own: [TickInput]
  /// Inputs in all: the parent's and its own.
  let count: Int
  /// Links from here to the first segment.
  let depth: Int

  /// Most links in a chain.
  static let maxDepth = 32

  /// The inputs of `parent` (if any), then `own`.
  init(parent: InputSegment?, own: [TickInput]) {
    count = (parent?.count ?? 0) + own.count
    if let parent, parent.depth < Self.maxDepth {
      self.parent = parent
      self.own = own
      depth = parent.depth + 1
    } else {
      self.parent = nil
      self.own = (parent?.inputs ?? []) + own
      depth = 0
    }
  }

  /// Every input of the chain, first to last.
  var inputs: [TickInput] {
    var chain: [InputSegment] = []
    var next: InputSegment? = self
    while let segment = next {
      chain.append(segment)
      next = segment.parent
    }
    var out: [TickInput] = []
    out.reserveCapacity(count)
    for segment in chain.reversed() { out += segment.own }
    return out
  }
}
