import Testing

@testable import GameCore

@Suite struct FixedTests {
  @Test func wholeNumbersRoundTripThroughTheRawValue() {
    for value in [-32_000, -1, 0, 1, 7, 1_280, 32_000] {
      #expect(Fixed(value).floor == value)
      #expect(Fixed(value).raw == Int32(value) << 16)
    }
  }

  @Test func ratiosSpellFractionsWithoutFloatingPoint() {
    #expect(Fixed(ratio: 1, 2).raw == 32_768)
    #expect(Fixed(ratio: 3, 2) == Fixed(1) + Fixed(ratio: 1, 2))
    #expect(Fixed(ratio: -1, 4).raw == -16_384)
  }

  @Test func multiplicationAndDivisionAgreeWithIntegerArithmetic() {
    for a in stride(from: -300, through: 300, by: 37) {
      for b in stride(from: -40, through: 40, by: 9) {
        #expect(Fixed(a) * Fixed(b) == Fixed(a * b))
        if b != 0 && a % b == 0 { #expect(Fixed(a) / Fixed(b) == Fixed(a / b)) }
      }
    }
    #expect(Fixed(ratio: 1, 2) * Fixed(ratio: 1, 2) == Fixed(ratio: 1, 4))
  }

  @Test func divisionByZeroGivesZeroInsteadOfTrapping() {
    #expect(Fixed(5) / Fixed.zero == .zero)
    #expect(Fixed(5) / Int32(0) == .zero)
  }

  @Test func roundingAndMagnitude() {
    #expect(Fixed(ratio: 5, 2).rounded == 3)
    #expect(Fixed(ratio: -5, 2).floor == -3)
    #expect(Fixed(-4).magnitude == Fixed(4))
  }

  @Test func descriptionPrintsFourDecimals() {
    #expect(Fixed(ratio: 3, 2).description == "1.5000")
    #expect(Fixed(ratio: -1, 4).description == "-0.2500")
  }
}
