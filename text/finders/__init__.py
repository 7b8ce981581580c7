"""What the placeholders step masks: one finder a file, each a PlaceholderStep that finds its spans."""
