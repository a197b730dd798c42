"""(being written: issue 16)"""
__all__: list[str] = []
