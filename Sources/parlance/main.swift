print("parlance")
