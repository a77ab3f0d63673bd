"""What the test packages share: the browser harness, in-process pages,
protocol clients, seeded data."""
