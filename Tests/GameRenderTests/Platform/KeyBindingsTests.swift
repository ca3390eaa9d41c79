import CSDL2
import Foundation
import Testing

@testable import GameRender

@Suite struct KeyBindingsTests {
  @Test func defaultsBindArrowsSpaceAndBackspace() {
    let table = KeyBindings.defaults.table()
    #expect(table[SDL_Keycode(SDLK_LEFT.rawValue)] == .rotateLeft)
    #expect(table[SDL_Keycode(SDLK_SPACE.rawValue)] == .fire)
    #expect(table[SDL_Keycode(SDLK_BACKSPACE.rawValue)] == .rewind)
    #expect(table[SDL_Keycode(SDLK_ESCAPE.rawValue)] == .quit)
  }

  @Test func aFileRebindsOnlyTheActionsItNames() throws {
    let text = "# my keys\nfire = Return, J   # comment\n\nthrust=K\n"
    let bindings = try KeyBindings.defaults.applying(text, path: "keys.conf")
    let table = bindings.table()
    #expect(table[SDL_Keycode(SDLK_RETURN.rawValue)] == .fire)
    #expect(table[SDL_Keycode(SDLK_j.rawValue)] == .fire)
    #expect(table[SDL_Keycode(SDLK_k.rawValue)] == .thrust)
    #expect(table[SDL_Keycode(SDLK_SPACE.rawValue)] == nil)
    #expect(table[SDL_Keycode(SDLK_LEFT.rawValue)] == .rotateLeft)
  }

  @Test func anUnknownActionIsAnErrorNamingTheLine() {
    #expect(throws: KeyBindings.ParseError.self) {
      try KeyBindings.defaults.applying("fire = Space\njump = Up\n", path: "keys.conf")
    }
    do {
      _ = try KeyBindings.defaults.applying("fire = Space\njump = Up\n", path: "keys.conf")
    } catch {
      #expect(error.line == 2)
      #expect(error.description.hasPrefix("keys.conf:2: expected `action = KEY`"))
    }
  }

  @Test func anUnknownKeyNameIsAnError() {
    do {
      _ = try KeyBindings.defaults.applying("fire = Spacebarr", path: "k")
      Issue.record("expected an error")
    } catch {
      #expect(error == KeyBindings.ParseError(path: "k", line: 1, reason: "unknown key name `Spacebarr`"))
    }
  }

  @Test func aMissingDefaultFileMeansTheDefaults() throws {
    #expect(try KeyBindings.load(from: "/nonexistent/keys.conf") == .defaults)
  }

  @Test func aMissingNamedFileIsAnErrorNamingIt() {
    let expected = KeyBindings.ParseError(
      path: "/nonexistent/keys.conf", line: 0, reason: "cannot read key bindings: no such file")
    #expect(throws: expected) {
      try KeyBindings.load(from: "/nonexistent/keys.conf", named: true)
    }
  }

  @Test func aFileThatIsNotTextIsAnErrorEvenAtTheDefaultPath() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("keys-\(UUID().uuidString).conf").path
    try Data([0x66, 0x69, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(throws: KeyBindings.ParseError.self) { try KeyBindings.load(from: path) }
    do {
      _ = try KeyBindings.load(from: path, named: true)
    } catch {
      #expect(
        error.description == "\(path): cannot read key bindings: unreadable or not UTF-8 text")
    }
  }
}
