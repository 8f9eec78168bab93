-- reviews (between the parties of a booking) and property_reviews (a guest about a place), docs/product.md §3, §5, §6.
-- guest_to_host: the guest of a completed booking reviews the property's host.
-- host_to_guest: the host reviews the guest of a completed booking, or of an accepted one whose
--                check-out has passed (docs/architecture.md §1).
-- Each booking gets at most one review per direction; each guest one review per property.

create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id),
  reviewer_id uuid not null default auth.uid() references public.profiles (id),
  reviewee_id uuid not null references public.profiles (id),
  rating integer not null,
  text text,
  review_type text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 1,
  deleted_at timestamptz,
  constraint reviews_rating_range check (rating between 1 and 5),
  constraint reviews_text_length check (text is null or (char_length(btrim(text)) between 1 and 500)),
  constraint reviews_type check (review_type in ('guest_to_host', 'host_to_guest')),
  constraint reviews_not_self check (reviewer_id <> reviewee_id),
  constraint reviews_once_per_direction unique (booking_id, review_type)
);

create index reviews_reviewee_idx on public.reviews (reviewee_id, review_type, created_at desc);
create index reviews_reviewer_idx on public.reviews (reviewer_id);

create trigger reviews_sync_columns
  before insert or update on public.reviews
  for each row execute function public.tg_set_sync_columns();

create table public.property_reviews (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references public.properties (id),
  room_id uuid references public.rooms (id),
  user_id uuid not null default auth.uid() references public.profiles (id),
  rating integer not null,
  review_text text,
  is_public boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 1,
  deleted_at timestamptz,
  constraint property_reviews_rating_range check (rating between 1 and 5),
  constraint property_reviews_text_length check (review_text is null or (char_length(btrim(review_text)) between 1 and 1000)),
  constraint property_reviews_once_per_guest unique (property_id, user_id)
);

create index property_reviews_property_idx on public.property_reviews (property_id, created_at desc);

create trigger property_reviews_sync_columns
  before insert or update on public.property_reviews
  for each row execute function public.tg_set_sync_columns();

create or replace function public.can_review_booking(p_booking_id uuid, p_review_type text, p_reviewee_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.bookings b
    join public.properties p on p.id = b.property_id
    where b.id = p_booking_id
      and b.deleted_at is null
      and (
        (p_review_type = 'guest_to_host'
          and b.user_id = (select auth.uid()) and p.host_id = p_reviewee_id
          and b.status = 'completed')
        or
        (p_review_type = 'host_to_guest'
          and p.host_id = (select auth.uid()) and b.user_id = p_reviewee_id
          and (b.status = 'completed' or (b.status = 'accepted' and b.check_out <= current_date)))
      )
  )
$$;

create or replace function public.has_completed_stay(p_property_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.bookings b
    where b.property_id = p_property_id and b.user_id = (select auth.uid())
      and b.status = 'completed' and b.deleted_at is null
  )
$$;

revoke all on function public.can_review_booking(uuid, text, uuid) from public, anon;
grant execute on function public.can_review_booking(uuid, text, uuid) to authenticated, service_role;
revoke all on function public.has_completed_stay(uuid) from public, anon;
grant execute on function public.has_completed_stay(uuid) to authenticated, service_role;

-- Authors may edit rating/text or withdraw (deleted_at); nothing else about a review changes.
create or replace function public.tg_reviews_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if public.is_trusted_session() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.deleted_at := null;
    return new;
  end if;
  if tg_table_name = 'reviews' then
    if (new.id, new.booking_id, new.reviewer_id, new.reviewee_id, new.review_type)
       is distinct from (old.id, old.booking_id, old.reviewer_id, old.reviewee_id, old.review_type) then
      raise exception 'Only the rating and text of a review can change' using errcode = '42501';
    end if;
  else
    if (new.id, new.property_id, new.room_id, new.user_id)
       is distinct from (old.id, old.property_id, old.room_id, old.user_id) then
      raise exception 'Only the rating, text and visibility of a review can change' using errcode = '42501';
    end if;
  end if;
  return new;
end
$$;

create trigger reviews_guard
  before insert or update on public.reviews
  for each row execute function public.tg_reviews_guard();

create trigger property_reviews_guard
  before insert or update on public.property_reviews
  for each row execute function public.tg_reviews_guard();

alter table public.reviews enable row level security;
alter table public.property_reviews enable row level security;

-- Reviews are public (host cards, guest reputation); withdrawn ones only to their author.
create policy reviews_select_public on public.reviews
  for select to anon, authenticated
  using (deleted_at is null or reviewer_id = (select auth.uid()));

create policy reviews_insert_party on public.reviews
  for insert to authenticated
  with check (reviewer_id = (select auth.uid()) and public.can_review_booking(booking_id, review_type, reviewee_id));

create policy reviews_update_author on public.reviews
  for update to authenticated
  using (reviewer_id = (select auth.uid()))
  with check (reviewer_id = (select auth.uid()));

create policy property_reviews_select_public on public.property_reviews
  for select to anon, authenticated
  using ((is_public and deleted_at is null) or user_id = (select auth.uid()) or public.is_property_host(property_id));

create policy property_reviews_insert_guest on public.property_reviews
  for insert to authenticated
  with check (user_id = (select auth.uid()) and public.has_completed_stay(property_id));

create policy property_reviews_update_author on public.property_reviews
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

revoke all on public.reviews, public.property_reviews from anon, authenticated;
grant select on public.reviews, public.property_reviews to anon, authenticated;
grant insert (id, booking_id, reviewer_id, reviewee_id, rating, text, review_type) on public.reviews to authenticated;
grant update (rating, text, deleted_at) on public.reviews to authenticated;
grant insert (id, property_id, room_id, user_id, rating, review_text, is_public) on public.property_reviews to authenticated;
grant update (rating, review_text, is_public, deleted_at) on public.property_reviews to authenticated;
grant all on public.reviews, public.property_reviews to service_role;
