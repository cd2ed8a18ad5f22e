"""The permission matrix (docs/permissions.md): every write of the API and the pages, tried as
each of ten roles against one fully set-up world, judged by what the database holds afterwards."""
