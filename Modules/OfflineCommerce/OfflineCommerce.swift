// Placeholder so the target builds; the feature lands in its own commit.
public enum OfflineCommerceModule {}
