/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-libgit2-symbols.h - every libgit2 function patchcc calls.
 *
 * Included only by pcc-libgit2.c, which defines each of these functions
 * under libgit2's own name: the first call opens libgit2 (see
 * pcc-libgit2.h).  A module that needs another libgit2 function adds one
 * line here, with the prototype of <git2.h> (the compiler checks it
 * against the header) and the value to return when libgit2 cannot be
 * opened; a function missing from this list is an undefined reference at
 * link time, never a silent eager load.
 *
 *   PCC_GIT_FN (return type, name, value on failure, (parameters), (arguments))
 *   PCC_GIT_VOID (name, (parameters), (arguments))
 *   PCC_GIT_PEEK (return type, name, value until open, (parameters), (arguments))
 *
 * A void function (the *_free and *_dispose ones) never opens libgit2:
 * before it is open there is nothing to free.  Neither does
 * a PEEK function (git_error_last(): NULL until then, or why opening
 * failed).
 */

/* library */
PCC_GIT_FN (int, git_libgit2_init, -1, (void), ())
PCC_GIT_FN (int, git_libgit2_shutdown, -1, (void), ())
PCC_GIT_PEEK (const git_error *, git_error_last, last_error (), (void), ())
PCC_GIT_VOID (git_buf_dispose, (git_buf * buffer), (buffer))

/* repositories, objects, trees, blobs */
PCC_GIT_FN (int, git_repository_open_ext, -1,
            (git_repository * *out, const char *path, unsigned int flags,
             const char *ceiling_dirs),
            (out, path, flags, ceiling_dirs))
PCC_GIT_VOID (git_repository_free, (git_repository * repo), (repo))
PCC_GIT_FN (int, git_revparse_single, -1,
            (git_object * *out, git_repository *repo, const char *spec),
            (out, repo, spec))
PCC_GIT_FN (int, git_object_peel, -1,
            (git_object * *peeled, const git_object *object,
             git_object_t target_type),
            (peeled, object, target_type))
PCC_GIT_FN (const git_oid *, git_object_id, NULL, (const git_object *obj),
            (obj))
PCC_GIT_VOID (git_object_free, (git_object * object), (object))
PCC_GIT_FN (char *, git_oid_tostr, NULL,
            (char *out, size_t n, const git_oid *id), (out, n, id))
PCC_GIT_VOID (git_tree_free, (git_tree * tree), (tree))
PCC_GIT_FN (int, git_tree_entry_bypath, -1,
            (git_tree_entry * *out, const git_tree *root, const char *path),
            (out, root, path))
PCC_GIT_FN (const git_oid *, git_tree_entry_id, NULL,
            (const git_tree_entry *entry), (entry))
PCC_GIT_FN (git_object_t, git_tree_entry_type, GIT_OBJECT_INVALID,
            (const git_tree_entry *entry), (entry))
PCC_GIT_VOID (git_tree_entry_free, (git_tree_entry * entry), (entry))
PCC_GIT_FN (int, git_blob_lookup, -1,
            (git_blob * *blob, git_repository *repo, const git_oid *id),
            (blob, repo, id))
PCC_GIT_FN (const void *, git_blob_rawcontent, NULL, (const git_blob *blob),
            (blob))
PCC_GIT_FN (git_object_size_t, git_blob_rawsize, 0, (const git_blob *blob),
            (blob))
PCC_GIT_VOID (git_blob_free, (git_blob * blob), (blob))

/* configuration */
PCC_GIT_FN (int, git_config_open_default, -1, (git_config * *out), (out))
PCC_GIT_FN (int, git_config_get_string_buf, -1,
            (git_buf * out, const git_config *cfg, const char *name),
            (out, cfg, name))
PCC_GIT_VOID (git_config_free, (git_config * cfg), (cfg))

/* mailmap */
PCC_GIT_FN (int, git_mailmap_from_buffer, -1,
            (git_mailmap * *out, const char *buf, size_t len), (out, buf, len))
PCC_GIT_FN (int, git_mailmap_resolve, -1,
            (const char **real_name, const char **real_email,
             const git_mailmap *mm, const char *name, const char *email),
            (real_name, real_email, mm, name, email))
PCC_GIT_VOID (git_mailmap_free, (git_mailmap * mm), (mm))

/* patches (diffstat) */
PCC_GIT_FN (int, git_patch_from_buffers, -1,
            (git_patch * *out, const void *old_buffer, size_t old_len,
             const char *old_as_path, const void *new_buffer, size_t new_len,
             const char *new_as_path, const git_diff_options *opts),
            (out, old_buffer, old_len, old_as_path, new_buffer, new_len,
             new_as_path, opts))
PCC_GIT_FN (int, git_patch_line_stats, -1,
            (size_t * total_context, size_t *total_additions,
             size_t *total_deletions, const git_patch *patch),
            (total_context, total_additions, total_deletions, patch))
PCC_GIT_VOID (git_patch_free, (git_patch * patch), (patch))

/* git history (pcc-history.c) and --check */
PCC_GIT_FN (int, git_apply_to_tree, -1, (git_index **out, git_repository *repo, git_tree *preimage, git_diff *diff, const git_apply_options *options), (out, repo, preimage, diff, options))
PCC_GIT_FN (int, git_blame_buffer, -1, (git_blame **out, git_blame *reference, const char *buffer, size_t buffer_len), (out, reference, buffer, buffer_len))
PCC_GIT_FN (int, git_blame_file, -1, (git_blame **out, git_repository *repo, const char *path, git_blame_options *options), (out, repo, path, options))
PCC_GIT_VOID (git_blame_free, (git_blame *blame), (blame))
PCC_GIT_FN (const git_blame_hunk*, git_blame_get_hunk_byline, NULL, (git_blame *blame, size_t lineno), (blame, lineno))
PCC_GIT_FN (const git_signature *, git_commit_author, NULL, (const git_commit *commit), (commit))
PCC_GIT_VOID (git_commit_free, (git_commit *commit), (commit))
PCC_GIT_FN (const git_oid *, git_commit_id, NULL, (const git_commit *commit), (commit))
PCC_GIT_FN (int, git_commit_lookup, -1, (git_commit **commit, git_repository *repo, const git_oid *id), (commit, repo, id))
PCC_GIT_FN (const char *, git_commit_message_raw, NULL, (const git_commit *commit), (commit))
PCC_GIT_FN (const git_oid *, git_commit_parent_id, NULL, (const git_commit *commit, unsigned int n), (commit, n))
PCC_GIT_FN (unsigned int, git_commit_parentcount, 0, (const git_commit *commit), (commit))
PCC_GIT_FN (git_time_t, git_commit_time, 0, (const git_commit *commit), (commit))
PCC_GIT_FN (int, git_commit_tree, -1, (git_tree **tree_out, const git_commit *commit), (tree_out, commit))
PCC_GIT_FN (const git_oid *, git_commit_tree_id, NULL, (const git_commit *commit), (commit))
PCC_GIT_FN (int, git_diff_find_similar, -1, (git_diff *diff, const git_diff_find_options *options), (diff, options))
PCC_GIT_VOID (git_diff_free, (git_diff *diff), (diff))
PCC_GIT_FN (int, git_diff_from_buffer, -1, (git_diff **out, const char *content, size_t content_len), (out, content, content_len))
PCC_GIT_FN (const git_diff_delta *, git_diff_get_delta, NULL, (const git_diff *diff, size_t idx), (diff, idx))
PCC_GIT_FN (size_t, git_diff_num_deltas, 0, (const git_diff *diff), (diff))
PCC_GIT_FN (int, git_diff_tree_to_tree, -1, (git_diff **diff, git_repository *repo, git_tree *old_tree, git_tree *new_tree, const git_diff_options *opts), (diff, repo, old_tree, new_tree, opts))
PCC_GIT_VOID (git_index_free, (git_index *index), (index))
PCC_GIT_FN (int, git_oid_equal, -1, (const git_oid *a, const git_oid *b), (a, b))
PCC_GIT_FN (int, git_oid_fromstr, -1, (git_oid *out, const char *str), (out, str))
PCC_GIT_FN (int, git_patch_from_diff, -1, (git_patch **out, git_diff *diff, size_t idx), (out, diff, idx))
PCC_GIT_FN (const git_diff_delta *, git_patch_get_delta, NULL, (const git_patch *patch), (patch))
PCC_GIT_FN (int, git_reference_name_to_id, -1, (git_oid *out, git_repository *repo, const char *name), (out, repo, name))
PCC_GIT_FN (const git_tree_entry *, git_tree_entry_byname, NULL, (const git_tree *tree, const char *filename), (tree, filename))
PCC_GIT_FN (git_filemode_t, git_tree_entry_filemode, 0, (const git_tree_entry *entry), (entry))
PCC_GIT_FN (int, git_tree_lookup, -1, (git_tree **out, git_repository *repo, const git_oid *id), (out, repo, id))

/* commits made in memory (pcc-am.h) */
PCC_GIT_FN (int, git_mempack_new, -1, (git_odb_backend **out), (out))
PCC_GIT_FN (int, git_odb_add_backend, -1, (git_odb *odb, git_odb_backend *backend, int priority), (odb, backend, priority))
PCC_GIT_FN (int, git_signature_new, -1, (git_signature **out, const char *name, const char *email, git_time_t time, int offset), (out, name, email, time, offset))
PCC_GIT_VOID (git_signature_free, (git_signature *sig), (sig))
PCC_GIT_FN (int, git_index_write_tree_to, -1, (git_oid *out, git_index *index, git_repository *repo), (out, index, repo))
PCC_GIT_FN (int, git_commit_create, -1, (git_oid *id, git_repository *repo, const char *update_ref, const git_signature *author, const git_signature *committer, const char *message_encoding, const char *message, const git_tree *tree, size_t parent_count, const git_commit *parents[]), (id, repo, update_ref, author, committer, message_encoding, message, tree, parent_count, parents))

/* range-diff (pcc-range-diff.c): hunks and lines of a patch, notes, the
 * repository's mailmap, and what abbreviating a hash needs */
PCC_GIT_FN (const char *, git_commit_message_encoding, NULL,
            (const git_commit *commit), (commit))
PCC_GIT_FN (size_t, git_patch_num_hunks, 0, (const git_patch *patch), (patch))
PCC_GIT_FN (int, git_patch_get_hunk, -1,
            (const git_diff_hunk **out, size_t *lines_in_hunk,
             git_patch *patch, size_t hunk_idx),
            (out, lines_in_hunk, patch, hunk_idx))
PCC_GIT_FN (int, git_patch_get_line_in_hunk, -1,
            (const git_diff_line **out, git_patch *patch, size_t hunk_idx,
             size_t line_of_hunk),
            (out, patch, hunk_idx, line_of_hunk))
PCC_GIT_FN (int, git_mailmap_from_repository, -1,
            (git_mailmap * *out, git_repository *repo), (out, repo))
PCC_GIT_FN (int, git_note_read, -1,
            (git_note * *out, git_repository *repo, const char *notes_ref,
             const git_oid *oid),
            (out, repo, notes_ref, oid))
PCC_GIT_FN (const char *, git_note_message, NULL, (const git_note *note),
            (note))
PCC_GIT_VOID (git_note_free, (git_note * note), (note))
PCC_GIT_FN (int, git_note_default_ref, -1,
            (git_buf * out, git_repository *repo), (out, repo))
PCC_GIT_FN (int, git_repository_odb, -1,
            (git_odb * *out, git_repository *repo), (out, repo))
PCC_GIT_VOID (git_odb_free, (git_odb * db), (db))
PCC_GIT_FN (int, git_odb_exists_prefix, -1,
            (git_oid * out, git_odb *db, const git_oid *short_id, size_t len),
            (out, db, short_id, len))
PCC_GIT_FN (const char *, git_repository_commondir, NULL,
            (const git_repository *repo), (repo))
PCC_GIT_FN (int, git_repository_config_snapshot, -1,
            (git_config * *out, git_repository *repo), (out, repo))
