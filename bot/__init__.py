"""Skald's Discord side: the table core, storage, and the discord.py adapter."""
