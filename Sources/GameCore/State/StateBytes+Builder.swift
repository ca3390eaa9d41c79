@_spi(Reflection) import Swift

extension StateBytes {
  /// Builds codecs by reflection, the nested types' steps inlined into their owner's.
  struct Builder {
    private var building: [ObjectIdentifier] = []

    /// The codec of `type`; `path` names it in an error.
    mutating func codec(of type: Any.Type, path: String) throws(StateBytesError) -> Codec {
      Codec(name: "\(type)", steps: try steps(for: type, path: path), size: Self.size(of: type))
    }

    /// The codec of an array's or optional's element (a type inside itself is looked up
    /// when first run, once its own codec is built).
    mutating func element<T>(_ type: T.Type, path: String) throws(StateBytesError) -> Codec {
      if building.contains(ObjectIdentifier(type)) {
        let lazy = Codec.Call(
          minimum: 0,
          write: { pointer, bytes in Self.built(type).write(pointer, into: &bytes) },
          check: { (reader) throws(StateBytesError) in try Self.built(type).check(&reader) },
          read: { reader, pointer in Self.built(type).read(&reader, into: pointer) })
        return Codec(name: "\(type)", steps: [.call(offset: 0, lazy)], size: -1)
      }
      return try codec(of: type, path: path)
    }

    private static func built(_ type: Any.Type) -> Codec {
      guard let codec = try? StateBytes.codec(of: type) else {
        preconditionFailure("\(type) was built before it was run")
      }
      return codec
    }

    /// The steps of a value of `type`, at offsets from its start.
    mutating func steps(for type: Any.Type, path: String) throws(StateBytesError) -> [Codec.Step] {
      if type == Bool.self { return [.bool(offset: 0)] }
      if Self.integers.contains(where: { $0 == type }) {
        return [.raw(offset: 0, count: Self.size(of: type))]
      }
      if let container = type as? any StateBytesContainer.Type {
        return [.call(offset: 0, try container.call(&self, path: path))]
      }
      let kind = Self.kind(of: type)
      if kind == .enum {
        guard let cases = Self.cases(of: type) else {
          throw StateBytesError("\(path): \(type) is an enum with payloads, which has no byte form")
        }
        guard cases > 0 else { throw StateBytesError("\(path): \(type) has no cases, so no value") }
        let size = Self.size(of: type)
        return size == 0 ? [] : [.choice(offset: 0, size: size, cases: cases)]
      }
      guard kind == .struct || kind == .tuple else {
        throw StateBytesError("\(path): a \(type) has no byte form (a class, a function or an existential)")
      }
      let key = ObjectIdentifier(type)
      building.append(key)
      defer { building.removeLast() }
      var fields: [(name: String, offset: Int, type: Any.Type)] = []
      let reflected = _forEachField(of: type, options: []) { name, offset, fieldType, _ in
        fields.append((String(cString: name), offset, fieldType))
        return true
      }
      guard reflected, !fields.isEmpty || Self.size(of: type) == 0 else {
        throw StateBytesError("\(path): a \(type) has no byte form")
      }
      var steps: [Codec.Step] = []
      for field in fields {
        let name = field.name.hasPrefix("_") ? String(field.name.dropFirst()) : field.name
        for step in try self.steps(for: field.type, path: "\(path).\(name)") {
          steps.append(Self.shifted(step, by: field.offset))
        }
      }
      return Self.merged(steps)
    }

    /// Adjacent runs of plain bytes as one run.
    static func merged(_ steps: [Codec.Step]) -> [Codec.Step] {
      var merged: [Codec.Step] = []
      for step in steps {
        if case .raw(let offset, let count) = step, case .raw(let start, let before)? = merged.last,
          start + before == offset
        {
          merged[merged.count - 1] = .raw(offset: start, count: before + count)
        } else {
          merged.append(step)
        }
      }
      return merged
    }

    static func shifted(_ step: Codec.Step, by delta: Int) -> Codec.Step {
      switch step {
      case .raw(let offset, let count): .raw(offset: offset + delta, count: count)
      case .bool(let offset): .bool(offset: offset + delta)
      case .choice(let offset, let size, let cases): .choice(offset: offset + delta, size: size, cases: cases)
      case .call(let offset, let call): .call(offset: offset + delta, call)
      }
    }

    static let integers: [Any.Type] = [
      Int.self, Int8.self, Int16.self, Int32.self, Int64.self,
      UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self,
    ]

    static func size(of type: Any.Type) -> Int {
      func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
      return _openExistential(type, do: size)
    }

    /// The metadata kind of `type`, as reflection reports it for a field.
    static func kind(of type: Any.Type) -> _MetadataKind {
      func kind<T>(_: T.Type) -> _MetadataKind {
        var kind = _MetadataKind.struct
        _forEachField(of: Wrapper<T>.self, options: []) { _, _, _, fieldKind in
          kind = fieldKind
          return false
        }
        return kind
      }
      return _openExistential(type, do: kind)
    }

    private struct Wrapper<T> { var value: T }

    /// The number of cases of an enum without payloads, read from its type descriptor (the
    /// Swift ABI: the metadata's second word points to it; its payload cases are the low 24
    /// bits at byte 20, its cases without payload the word at byte 24); nil with payloads.
    static func cases(of type: Any.Type) -> Int? {
      let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
      guard let descriptor = metadata.load(fromByteOffset: 8, as: UnsafeRawPointer?.self) else {
        return nil
      }
      guard descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0xFF_FFFF == 0 else { return nil }
      return Int(descriptor.load(fromByteOffset: 24, as: UInt32.self))
    }
  }
}

/// An array or an optional: written, checked and read by code that knows its element type.
protocol StateBytesContainer {
  static func call(_ builder: inout StateBytes.Builder, path: String) throws(StateBytesError)
    -> StateBytes.Codec.Call
}

extension Array: StateBytesContainer {
  static func call(_ builder: inout StateBytes.Builder, path: String) throws(StateBytesError)
    -> StateBytes.Codec.Call
  {
    let element = try builder.element(Element.self, path: "\(path)[]")
    let stride = MemoryLayout<Element>.stride
    let plain = element.plainSize == stride ? stride : nil
    let what = "an array of \(Element.self)"
    return StateBytes.Codec.Call(
      minimum: 4,
      write: { pointer, bytes in
        pointer.assumingMemoryBound(to: [Element].self).pointee.withUnsafeBytes { elements in
          let count = elements.count / Swift.max(stride, 1)
          Swift.withUnsafeBytes(of: UInt32(count).littleEndian) { bytes.append(contentsOf: $0) }
          guard let base = elements.baseAddress else { return }
          if plain != nil {
            bytes.append(contentsOf: elements)
          } else {
            for index in 0..<count { element.write(base + index * stride, into: &bytes) }
          }
        }
      },
      check: { (reader) throws(StateBytesError) in
        try reader.enter(what)
        defer { reader.depth -= 1 }
        let count = Int(StateBytes.Reader.number(try reader.take(4, for: what), 4))
        guard count <= reader.remaining / Swift.max(element.minimum, 1) else {
          throw StateBytesError(
            "\(what) of \(count) elements, more than the \(reader.remaining) bytes left hold")
        }
        let (size, overflow) = count.multipliedReportingOverflow(by: stride)
        try reader.allocate(overflow ? .max / 2 : size, for: what)
        if let plain {
          _ = try reader.take(count * plain, for: what)
        } else {
          for _ in 0..<count { try element.check(&reader) }
        }
      },
      read: { reader, pointer in
        let count = Int(StateBytes.Reader.number(reader.next(4), 4))
        let array = [Element](unsafeUninitializedCapacity: count) { elements, initialized in
          if let base = elements.baseAddress.map(UnsafeMutableRawPointer.init) {
            if plain != nil {
              base.copyMemory(from: reader.next(count * stride), byteCount: count * stride)
            } else {
              for index in 0..<count { element.read(&reader, into: base + index * stride) }
            }
          }
          initialized = count
        }
        pointer.initializeMemory(as: [Element].self, to: array)
      })
  }
}

extension Optional: StateBytesContainer {
  static func call(_ builder: inout StateBytes.Builder, path: String) throws(StateBytesError)
    -> StateBytes.Codec.Call
  {
    let wrapped = try builder.element(Wrapped.self, path: "\(path)?")
    let what = "an optional \(Wrapped.self)"
    return StateBytes.Codec.Call(
      minimum: 1,
      write: { pointer, bytes in
        switch pointer.assumingMemoryBound(to: Wrapped?.self).pointee {
        case .none: bytes.append(0)
        case .some(let value):
          bytes.append(1)
          withUnsafePointer(to: value) { wrapped.write(UnsafeRawPointer($0), into: &bytes) }
        }
      },
      check: { (reader) throws(StateBytesError) in
        try reader.enter(what)
        defer { reader.depth -= 1 }
        let tag = try reader.take(1, for: what).load(as: UInt8.self)
        guard tag <= 1 else { throw StateBytesError("byte \(reader.offset - 1) is \(tag), not 0 or 1 before \(what)") }
        if tag == 1 { try wrapped.check(&reader) }
      },
      read: { reader, pointer in
        guard reader.next(1).load(as: UInt8.self) == 1 else {
          pointer.initializeMemory(as: Wrapped?.self, to: nil)
          return
        }
        withUnsafeTemporaryAllocation(of: Wrapped.self, capacity: 1) { value in
          wrapped.read(&reader, into: UnsafeMutableRawPointer(value.baseAddress!))
          pointer.initializeMemory(as: Wrapped?.self, to: value.baseAddress!.move())
        }
      })
  }
}
