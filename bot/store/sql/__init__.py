"""The statements behind ``Store``, one module per concern.

Every function here runs inside a transaction opened by the caller (``Store``) on the
connection it is given; none of them commits.
"""
