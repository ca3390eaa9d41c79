import CSDL2
import Foundation
import GameCore
import Testing

@testable import GameRender

@Suite struct KeyBindingsTests {
  static let defaults = KeyBindings(defaultsFor: TinyGame.buttons)

  @Test func defaultsAreTheGamesKeysAndTheEnginesRewindAndQuit() {
    let table = Self.defaults.table()
    #expect(table[SDL_Keycode(SDLK_LEFT.rawValue)] == .button(0))
    #expect(table[SDL_Keycode(SDLK_SPACE.rawValue)] == .button(3))
    #expect(table[SDL_Keycode(SDLK_BACKSPACE.rawValue)] == .rewind)
    #expect(table[SDL_Keycode(SDLK_r.rawValue)] == .rewind)
    #expect(table[SDL_Keycode(SDLK_ESCAPE.rawValue)] == .quit)
    #expect(Self.defaults.actionNames == ["left", "right", "pause", "clap", "rewind", "quit"])
  }

  @Test func aKeyTheGameUsesIsNeverAlsoTheEngines() {
    let layout = ButtonLayout([Button("restart", symbol: "R", keys: ["R"])])
    let table = KeyBindings(defaultsFor: layout).table()
    #expect(table[SDL_Keycode(SDLK_r.rawValue)] == .button(0))
    #expect(table[SDL_Keycode(SDLK_BACKSPACE.rawValue)] == .rewind)
  }

  @Test func aFileRebindsOnlyTheActionsItNames() throws {
    let text = "# my keys\nclap = Return, J   # comment\n\nright=K\nrewind = Tab\n"
    let bindings = try Self.defaults.applying(text, path: "keys.conf")
    let table = bindings.table()
    #expect(table[SDL_Keycode(SDLK_RETURN.rawValue)] == .button(3))
    #expect(table[SDL_Keycode(SDLK_j.rawValue)] == .button(3))
    #expect(table[SDL_Keycode(SDLK_k.rawValue)] == .button(1))
    #expect(table[SDL_Keycode(SDLK_TAB.rawValue)] == .rewind)
    #expect(table[SDL_Keycode(SDLK_SPACE.rawValue)] == nil)
    #expect(table[SDL_Keycode(SDLK_BACKSPACE.rawValue)] == nil)
    #expect(table[SDL_Keycode(SDLK_LEFT.rawValue)] == .button(0))
  }

  @Test func anUnknownActionIsAnErrorNamingTheLine() {
    #expect(throws: KeyBindings.ParseError.self) {
      try Self.defaults.applying("clap = Space\njump = Up\n", path: "keys.conf")
    }
    do {
      _ = try Self.defaults.applying("clap = Space\njump = Up\n", path: "keys.conf")
    } catch {
      #expect(error.line == 2)
      #expect(error.description.hasPrefix("keys.conf:2: expected `action = KEY`"))
    }
  }

  @Test func anUnknownKeyNameIsAnError() {
    do {
      _ = try Self.defaults.applying("clap = Spacebarr", path: "k")
      Issue.record("expected an error")
    } catch {
      #expect(error == KeyBindings.ParseError(path: "k", line: 1, reason: "unknown key name `Spacebarr`"))
    }
  }

  @Test func aMissingDefaultFileMeansTheDefaults() throws {
    #expect(
      try KeyBindings.load(for: TinyGame.self, from: "/nonexistent/keys.conf") == Self.defaults)
  }

  @Test func aMissingNamedFileIsAnErrorNamingIt() {
    let expected = KeyBindings.ParseError(
      path: "/nonexistent/keys.conf", line: 0, reason: "cannot read key bindings: no such file")
    #expect(throws: expected) {
      try KeyBindings.load(for: TinyGame.self, from: "/nonexistent/keys.conf", named: true)
    }
  }

  @Test func aFileThatIsNotTextIsAnErrorEvenAtTheDefaultPath() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("keys-\(UUID().uuidString).conf").path
    try Data([0x66, 0x69, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(throws: KeyBindings.ParseError.self) { try KeyBindings.load(for: TinyGame.self, from: path) }
    do {
      _ = try KeyBindings.load(for: TinyGame.self, from: path, named: true)
    } catch {
      #expect(
        error.description == "\(path): cannot read key bindings: unreadable or not UTF-8 text")
    }
  }
}

@Suite struct KeyBindingsPathTests {
  @Test func eachGameHasItsOwnConfigFile() {
    #expect(KeyBindings.configPath(game: "tiny").hasSuffix("/tiny/keys.conf"))
  }
}
