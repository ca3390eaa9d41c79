import CSDL2
import Foundation
import GameCore
import Testing

@testable import GameRender

/// A fresh folder for one test's book.
private func scratchFolder() -> String {
  FileManager.default.temporaryDirectory.appendingPathComponent("initials-\(UUID().uuidString)")
    .path
}

/// A key event; `repeats` marks it as SDL marks the repeats of a held key.
private func key(_ type: SDL_EventType, _ code: SDL_KeyCode, repeats: Bool = false) -> SDL_Event {
  var event = FrameStepperTests.key(type, code)
  event.key.repeat = repeats ? 1 : 0
  return event
}

/// Presses and lets go of each key.
private func tap(_ codes: [SDL_KeyCode], _ stepper: inout FrameStepper, _ session: some PlaySession) {
  for code in codes {
    stepper.handle(key(SDL_KEYDOWN, code), on: session)
    stepper.handle(key(SDL_KEYUP, code), on: session)
  }
}

/// The initials entry in the window: only presses that begin while it is open, and not in its
/// first half second, enter anything.
@Suite struct InitialsKeysTests {
  /// A RaceGame session that scored 64 with Right held from the start: Right is still down
  /// when the entry opens.
  private func endedHoldingRight() throws -> (GameSession<RaceGame>, FrameStepper, HighScoreBook) {
    let book = HighScoreBook(folder: scratchFolder())
    let session = GameSession<RaceGame>(seed: 1, sink: nil, book: book)
    var stepper = FrameStepper(
      bindings: try KeyBindings.load(for: RaceGame.self, from: nil, named: false))
    stepper.handle(key(SDL_KEYDOWN, SDLK_RIGHT), on: session)
    stepper.run(64, on: session) { _ in }
    return (session, stepper, book)
  }

  @Test func whileEnteringTheKeysGoToTheEntryAndTheGameRunsOnWithNothingHeld() throws {
    var (session, stepper, book) = try endedHoldingRight()
    #expect(session.isEnteringInitials)
    #expect(session.store.state.score == 64)
    stepper.run(session.entryDelay, on: session) { _ in }
    stepper.handle(key(SDL_KEYUP, SDLK_RIGHT), on: session)
    tap([SDLK_b, SDLK_UP, SDLK_RIGHT, SDLK_BACKSPACE], &stepper, session)
    #expect(book.entries("").isEmpty)
    tap([SDLK_RETURN], &stepper, session)
    #expect(book.entries("").map(\.initials) == ["BCA"], "B, C from up, then back to confirm")
    stepper.run(1, on: session) { _ in }
    #expect(session.store.state.isOver, "Return went to the entry, not to the game's start")
  }

  @Test func aKeyHeldAsTheGameEndedAndItsRepeatsEnterNothingUntilPressedAgain() throws {
    var (session, stepper, _) = try endedHoldingRight()
    stepper.run(session.entryDelay, on: session) { _ in }
    for _ in 0..<5 { stepper.handle(key(SDL_KEYDOWN, SDLK_RIGHT, repeats: true), on: session) }
    // A down event with no repeat flag for a key that never went up is a hold too.
    stepper.handle(key(SDL_KEYDOWN, SDLK_RIGHT), on: session)
    #expect(session.claim?.initials.initials == "A--")
    stepper.handle(key(SDL_KEYUP, SDLK_RIGHT), on: session)
    tap([SDLK_RIGHT], &stepper, session)
    #expect(session.claim?.initials.initials == "AA-", "let go and pressed again: a press")
    stepper.handle(key(SDL_KEYDOWN, SDLK_x), on: session)
    stepper.handle(key(SDL_KEYDOWN, SDLK_x, repeats: true), on: session)
    #expect(session.claim?.initials.initials == "AXX", "a repeat types nothing")
  }

  @Test func pressesInTheFirstHalfSecondAfterTheEntryOpensAreIgnored() throws {
    var (session, stepper, book) = try endedHoldingRight()
    #expect(session.entryDelay == 32, "half a second at 64 ticks a second")
    stepper.handle(key(SDL_KEYUP, SDLK_RIGHT), on: session)
    stepper.run(session.entryDelay - 1, on: session) { _ in }
    tap([SDLK_RIGHT, SDLK_RIGHT, SDLK_RIGHT, SDLK_q, SDLK_RETURN], &stepper, session)
    #expect(session.claim?.initials.initials == "A--", "keys mashed as the game ended")
    #expect(book.entries("").isEmpty)
    stepper.run(1, on: session) { _ in }
    tap([SDLK_q, SDLK_RETURN], &stepper, session)
    #expect(book.entries("").map(\.initials) == ["QQA"])
  }

  @Test func backspaceDoesNotRewindWhileEntering() throws {
    var (session, stepper, _) = try endedHoldingRight()
    #expect(session.isEnteringInitials)
    stepper.handle(key(SDL_KEYDOWN, SDLK_BACKSPACE), on: session)
    let tick = session.store.state.tick
    stepper.run(3, on: session) { _ in }
    #expect(session.store.state.tick == tick + 3)
  }

  @Test func aControllerButtonCountsOnceUntilLetGoAndAControllerRemovedLetsGoOfAll() {
    var down = KeysDown()
    var event = SDL_Event()
    event.type = SDL_CONTROLLERBUTTONDOWN.rawValue
    event.cbutton.which = 3
    event.cbutton.button = UInt8(SDL_CONTROLLER_BUTTON_A.rawValue)
    var presses = [down.update(event), down.update(event)]
    event.type = SDL_CONTROLLERBUTTONUP.rawValue
    presses.append(down.update(event))
    event.type = SDL_CONTROLLERBUTTONDOWN.rawValue
    presses.append(down.update(event))
    var removed = SDL_Event()
    removed.type = SDL_CONTROLLERDEVICEREMOVED.rawValue
    removed.cdevice.which = 3
    presses.append(down.update(removed))
    presses.append(down.update(event))
    // Down, still down, up, down again, removed, and plugged back in with nothing down.
    #expect(presses == [true, false, false, true, false, true])
  }
}
