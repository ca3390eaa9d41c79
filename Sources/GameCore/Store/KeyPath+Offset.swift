/// In-place access to a child value through a key path, without the runtime's key path
/// projection when the path names stored properties of structs only.
///
/// Projecting a `WritableKeyPath` costs several hundred instructions in the Swift runtime (it
/// looks up generic metadata on every access). A path made of stored struct properties is just
/// a byte offset (`MemoryLayout.offset(of:)`), and the child can be modified in place through
/// it. Paths with computed properties, optionals or classes fall back to the projection.
@usableFromInline
struct ChildAccess<Parent, Child>: @unchecked Sendable {
  // Safety: key paths are immutable values; the ones stored here come from `& Sendable`
  // parameters.
  @usableFromInline let keyPath: WritableKeyPath<Parent, Child>
  @usableFromInline let offset: Int?

  @inlinable
  init(_ keyPath: WritableKeyPath<Parent, Child>) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Parent>.offset(of: keyPath)
  }

  /// Runs `body` on the child inside `parent`, in place.
  @inlinable @inline(__always)
  func modify<Result>(_ parent: inout Parent, _ body: (inout Child) -> Result) -> Result {
    if let offset {
      return withUnsafeMutableBytes(of: &parent) { bytes in
        body(&bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Child.self).pointee)
      }
    }
    return body(&parent[keyPath: keyPath])
  }
}
