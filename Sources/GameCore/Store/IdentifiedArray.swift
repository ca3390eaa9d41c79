/// An array of identifiable elements with O(1) lookup by id: the state of a collection of
/// children for ``ReducerProtocol/forEach(state:action:environment:)``.
///
/// Order is the array's order, and iteration, equality and hashing go through the array only:
/// the id index is a lookup table that simulation logic never iterates.
public struct IdentifiedArray<Element: Identifiable>: RandomAccessCollection {
  public typealias ID = Element.ID

  @usableFromInline var elements: [Element]
  /// id → position in `elements`.
  @usableFromInline var positions: [ID: Int]

  /// Creates an array; later elements with a duplicate id replace earlier ones.
  public init() {
    self.elements = []
    self.positions = [:]
  }

  /// Creates an array; later elements with a duplicate id replace earlier ones.
  public init(_ elements: some Sequence<Element>) {
    self.elements = []
    self.positions = [:]
    for element in elements { updateOrAppend(element) }
  }

  public var startIndex: Int { elements.startIndex }
  public var endIndex: Int { elements.endIndex }
  public subscript(position: Int) -> Element { elements[position] }

  /// The element with `id`, read and written in place; writing `nil` removes it.
  public subscript(id id: ID) -> Element? {
    get { positions[id].map { elements[$0] } }
    set {
      if let newValue {
        guard newValue.id == id else {
          fatalError(StoreMisuse.identifiedElementIDMismatch(key: id, elementID: newValue.id))
        }
        updateOrAppend(newValue)
      } else {
        remove(id: id)
      }
    }
  }

  /// Mutates the element with `id` in place, if there is one; returns whether there was.
  @inlinable
  @discardableResult
  public mutating func modify<Result>(
    id: ID, _ body: (inout Element) -> Result
  ) -> Result? {
    guard let position = positions[id] else { return nil }
    return body(&elements[position])
  }

  /// Appends `element`, or replaces the element with its id where it stands.
  public mutating func updateOrAppend(_ element: Element) {
    if let position = positions[element.id] {
      elements[position] = element
    } else {
      positions[element.id] = elements.count
      elements.append(element)
    }
  }

  /// Removes the element with `id`; O(n) since later positions shift.
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let position = positions.removeValue(forKey: id) else { return nil }
    let removed = elements.remove(at: position)
    for index in position..<elements.count { positions[elements[index].id] = index }
    return removed
  }

  /// Removes the elements matching `shouldRemove`, keeping the order of the rest.
  public mutating func removeAll(where shouldRemove: (Element) -> Bool) {
    elements.removeAll(where: shouldRemove)
    positions.removeAll(keepingCapacity: true)
    for (index, element) in elements.enumerated() { positions[element.id] = index }
  }

  /// The ids in order.
  public var ids: [ID] { elements.map(\.id) }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elements == rhs.elements }
}

extension IdentifiedArray: Sendable where Element: Sendable, ID: Sendable {}

extension IdentifiedArray: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Element...) { self.init(elements) }
}
