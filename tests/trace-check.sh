#!/bin/sh
# (being written)
exit 77
