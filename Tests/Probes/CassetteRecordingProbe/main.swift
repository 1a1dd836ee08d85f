print("probe")
