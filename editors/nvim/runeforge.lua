-- Runeforge's language server for card files in Neovim (docs/editors.md).
-- Put this file in ~/.config/nvim/lua/ and add `require("runeforge")` to init.lua,
-- or source it: `:luafile path/to/runeforge.lua`.
local function root_of(file)
  -- the content folder: the folder holding the nearest pack (a folder with manifest.yaml)
  -- above the file; else the current directory (Neovim 0.7 has no vim.fs: cwd)
  local found = vim.fs and vim.fs.find and vim.fs.find({ "manifest.yaml", "manifest.yml" },
    { upward = true, path = vim.fn.fnamemodify(file, ":p:h") })[1]
  if found then
    return vim.fn.fnamemodify(found, ":h:h")
  end
  return vim.fn.getcwd()
end

local config = function(buf)
  local file = vim.api.nvim_buf_get_name(buf)
  return {
    name = "runeforge",
    cmd = { "runeforge", "lsp" },
    root_dir = root_of(file),
  }
end

vim.api.nvim_create_autocmd("FileType", {
  pattern = "yaml",
  callback = function(args)
    if vim.lsp.start then            -- Neovim 0.8 and later
      vim.lsp.start(config(args.buf))
    else                             -- Neovim 0.7: start a client, attach the buffer
      vim.g.runeforge_client = vim.g.runeforge_client or vim.lsp.start_client(config(args.buf))
      vim.lsp.buf_attach_client(args.buf, vim.g.runeforge_client)
    end
  end,
})
