@_spi(Reflection) import Swift

extension StateLayout {
  /// Builds layouts by reflection, the nested ones with them, once each.
  struct Builder {
    var built: [ObjectIdentifier: StateLayout] = [:]
    private var pieces: [ObjectIdentifier: [Piece]] = [:]
    private var building: [ObjectIdentifier] = []

    /// The layout of the struct `type`.
    mutating func layout(of type: Any.Type) -> StateLayout {
      let key = ObjectIdentifier(type)
      if let known = built[key] { return known }
      var properties: [Property] = []
      var all: [Piece] = []
      building.append(key)
      var fields: [(name: String, offset: Int, type: Any.Type, kind: _MetadataKind)] = []
      let isStruct = _forEachField(of: type, options: []) { name, offset, fieldType, kind in
        fields.append((String(cString: name), offset, fieldType, kind))
        return true
      }
      precondition(
        isStruct, "\(type) is described by its stored properties, so it must be a struct")
      for field in fields {
        let drawn = field.type is any NotHashed.Type
        let own = drawn ? [] : pieces(for: field.type, kind: field.kind, in: type, name: field.name)
        properties.append(
          Property(
            name: field.name.hasPrefix("_") && drawn ? String(field.name.dropFirst()) : field.name,
            offset: field.offset, isDrawn: drawn, type: field.type,
            program: Program(own.map { $0.shifted(by: field.offset) })))
        all += own.map { $0.shifted(by: field.offset) }
      }
      building.removeLast()
      pieces[key] = all
      let layout = StateLayout(properties: properties, program: Program(all))
      built[key] = layout
      return layout
    }

    /// How a property of type `type` is hashed, relative to its own start.
    mutating func pieces(
      for type: Any.Type, kind: _MetadataKind, in owner: Any.Type, name: String
    ) -> [Piece] {
      if let primitive = type as? any StatePrimitive.Type {
        return [.bytes(offset: 0, count: Self.size(of: primitive))]
      }
      if kind == .enum, let value = type as? any StateValue.Type,
        type is any RawRepresentable.Type
      {
        return [.bytes(offset: 0, count: Self.size(of: value))]
      }
      if let container = type as? any StateContainer.Type {
        return [.call(offset: 0, container.feed(&self))]
      }
      if kind == .struct, type is any StateValue.Type {
        let key = ObjectIdentifier(type)
        if building.contains(key) {  // a type inside itself (through an array): look it up then
          return [.call(offset: 0, { StateLayout.of(type).hash($0, into: &$1) })]
        }
        if let known = pieces[key] { return known }
        _ = layout(of: type)
        return pieces[key] ?? []
      }
      if let hashable = type as? any StableHashable.Type {
        return [.call(offset: 0, Self.feed(hashable))]
      }
      preconditionFailure(
        "\(owner).\(name): a \(type) cannot be hashed; the state may keep StateValue structs, "
          + "numbers, Bool, Fixed, Vector, Angle, raw-value enums declared StateValue, arrays "
          + "and optionals of these, or StableHashable types (mark a drawn-only field @Drawn)")
    }

    /// How one element of `type` is fed, for arrays and optionals.
    mutating func element<T>(_ type: T.Type) -> Program {
      var kind = _MetadataKind.struct
      _forEachField(of: Wrapper<T>.self, options: []) { _, _, _, fieldKind in
        kind = fieldKind
        return false
      }
      return Program(pieces(for: type, kind: kind, in: type, name: "element"))
    }

    /// A struct around a type, whose one field's metadata kind reflection reports.
    private struct Wrapper<T> { var value: T }

    static func size<T: StableHashable>(of type: T.Type) -> Int { MemoryLayout<T>.size }

    static func feed<T: StableHashable>(_ type: T.Type) -> Program.Feed {
      { pointer, hasher in pointer.assumingMemoryBound(to: T.self).pointee.stableHash(into: &hasher)
      }
    }
  }

}

/// An array or optional: fed by a closure that knows its element type.
protocol StateContainer {
  static func feed(_ builder: inout StateLayout.Builder) -> StateLayout.Program.Feed
}

extension Array: StateContainer where Element: StableHashable {
  static func feed(_ builder: inout StateLayout.Builder) -> StateLayout.Program.Feed {
    let element = builder.element(Element.self)
    let stride = MemoryLayout<Element>.stride
    // Plain elements with no padding between or inside them: the buffer is one run of bytes.
    let dense = element.isPlain && element.plainBytes == stride
    let wide = element.widened(toStride: stride)
    return { pointer, hasher in
      let array = pointer.assumingMemoryBound(to: [Element].self)
      hasher.combine(array.pointee.count)
      array.pointee.withUnsafeBufferPointer { elements in
        guard let first = elements.baseAddress else { return }
        let base = UnsafeRawPointer(first)
        if dense {
          StateLayout.Program.feedBytes(base, elements.count * stride, into: &hasher)
        } else if element.isPlain {
          wide.feedPlain(base, count: elements.count, stride: stride, into: &hasher)
        } else {
          for index in 0..<elements.count { element.run(base + index * stride, into: &hasher) }
        }
      }
    }
  }
}

extension Optional: StateContainer where Wrapped: StableHashable {
  static func feed(_ builder: inout StateLayout.Builder) -> StateLayout.Program.Feed {
    let wrapped = builder.element(Wrapped.self)
    return { pointer, hasher in
      switch pointer.assumingMemoryBound(to: Wrapped?.self).pointee {
      case .none: hasher.combine(0 as UInt64)
      case .some(var value):
        hasher.combine(1 as UInt64)
        withUnsafePointer(to: &value) { wrapped.run(UnsafeRawPointer($0), into: &hasher) }
      }
    }
  }
}
