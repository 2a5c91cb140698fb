import Testing

@Suite struct WarmupToastPlaceholderTests {
    @Test func builds() {}
}
