import Testing

@testable import GameCore

@Suite struct KeyPathOffsetTests {
  struct Inner {
    var flag = false
    var value = 7
  }

  struct Middle {
    var label = "m"
    var inner = Inner()
  }

  struct Outer {
    var count = 0
    var middle = Middle()
    var list = [1, 2, 3]
    var maybe: Inner? = Inner()
    var doubled: Int {
      get { count * 2 }
      set { count = newValue / 2 }
    }
  }

  @Test func nestedStoredPropertiesResolveToTheirByteOffset() {
    let direct = ChildAccess(\Outer.middle.inner.value)
    let head: WritableKeyPath<Outer, Middle> = \.middle
    let tail: WritableKeyPath<Middle, Int> = \.inner.value
    let appended = ChildAccess(head.appending(path: tail))
    let expected =
      MemoryLayout<Outer>.offset(of: \Outer.middle)! + MemoryLayout<Middle>.offset(of: \.inner)!
      + MemoryLayout<Inner>.offset(of: \.value)!
    #expect(direct.offset == expected)
    #expect(appended.offset == expected)
    #expect(ChildAccess(\Outer.count).offset == MemoryLayout<Outer>.offset(of: \Outer.count))
    #expect(ChildAccess(\Outer.self).offset == 0)
  }

  @Test func computedSubscriptAndOptionalPathsHaveNoOffset() {
    #expect(ChildAccess(\Outer.doubled).offset == nil)
    #expect(ChildAccess(\Outer.list[1]).offset == nil)
    #expect(ChildAccess(\Outer.maybe!.value).offset == nil)
  }

  @Test func modifyChangesTheChildInPlaceThroughEitherRoute() {
    var outer = Outer()
    ChildAccess(\Outer.middle.inner.value).modify(&outer) { $0 += 1 }
    ChildAccess(\Outer.middle.inner.flag).modify(&outer) { $0.toggle() }
    ChildAccess(\Outer.doubled).modify(&outer) { $0 += 10 }
    ChildAccess(\Outer.list[1]).modify(&outer) { $0 = 20 }
    ChildAccess(\Outer.maybe!.value).modify(&outer) { $0 = 70 }
    #expect(outer.middle.inner.value == 8)
    #expect(outer.middle.inner.flag)
    #expect(outer.middle.label == "m")
    #expect(outer.count == 5)
    #expect(outer.list == [1, 20, 3])
    #expect(outer.maybe?.value == 70)
  }

  @Test func modifyReturnsTheBodysResult() {
    var outer = Outer()
    let old = ChildAccess(\Outer.middle.inner.value).modify(&outer) { value -> Int in
      defer { value = 0 }
      return value
    }
    #expect(old == 7)
    #expect(outer.middle.inner.value == 0)
  }
}
