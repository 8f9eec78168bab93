export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: {
      booked_dates: {
        Row: {
          booking_id: string
          created_at: string
          end_date: string
          held_until: string | null
          id: string
          property_id: string
          room_id: string
          start_date: string
          status: string
          stay: unknown
        }
        Insert: {
          booking_id: string
          created_at?: string
          end_date: string
          held_until?: string | null
          id?: string
          property_id: string
          room_id: string
          start_date: string
          status: string
          stay?: never
        }
        Update: {
          booking_id?: string
          created_at?: string
          end_date?: string
          held_until?: string | null
          id?: string
          property_id?: string
          room_id?: string
          start_date?: string
          status?: string
          stay?: never
        }
        Relationships: [
          {
            foreignKeyName: "booked_dates_booking_id_fkey"
            columns: ["booking_id"]
            isOneToOne: true
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "booked_dates_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "booked_dates_room_id_fkey"
            columns: ["room_id"]
            isOneToOne: false
            referencedRelation: "rooms"
            referencedColumns: ["id"]
          },
        ]
      }
      booking_checkouts: {
        Row: {
          amount_cents: number
          application_fee_cents: number | null
          attempt: number
          booking_id: string
          cancel_url: string
          created_at: string
          destination_account: string | null
          expires_at: string
          id: string
          idempotency_key: string
          payment_plan: string
          product_description: string
          product_name: string
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          success_url: string
        }
        Insert: {
          amount_cents: number
          application_fee_cents?: number | null
          attempt: number
          booking_id: string
          cancel_url: string
          created_at?: string
          destination_account?: string | null
          expires_at: string
          id?: string
          idempotency_key: string
          payment_plan?: string
          product_description: string
          product_name: string
          stripe_checkout_session_id?: string | null
          stripe_payment_intent_id?: string | null
          success_url: string
        }
        Update: {
          amount_cents?: number
          application_fee_cents?: number | null
          attempt?: number
          booking_id?: string
          cancel_url?: string
          created_at?: string
          destination_account?: string | null
          expires_at?: string
          id?: string
          idempotency_key?: string
          payment_plan?: string
          product_description?: string
          product_name?: string
          stripe_checkout_session_id?: string | null
          stripe_payment_intent_id?: string | null
          success_url?: string
        }
        Relationships: [
          {
            foreignKeyName: "booking_checkouts_booking_id_fkey"
            columns: ["booking_id"]
            isOneToOne: false
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
        ]
      }
      booking_emails: {
        Row: {
          booking_id: string
          sent_at: string
          status: string
        }
        Insert: {
          booking_id: string
          sent_at?: string
          status: string
        }
        Update: {
          booking_id?: string
          sent_at?: string
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "booking_emails_booking_id_fkey"
            columns: ["booking_id"]
            isOneToOne: false
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
        ]
      }
      booking_payments: {
        Row: {
          amount_cents: number
          attempts: number
          booking_id: string
          checkout_expires_at: string | null
          created_at: string
          deleted_at: string | null
          due_date: string
          id: string
          last_error_code: string | null
          last_error_message: string | null
          next_attempt_at: string | null
          paid_at: string | null
          platform_fee_cents: number
          sequence: number
          status: string
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          updated_at: string
          version: number
        }
        Insert: {
          amount_cents: number
          attempts?: number
          booking_id: string
          checkout_expires_at?: string | null
          created_at?: string
          deleted_at?: string | null
          due_date: string
          id?: string
          last_error_code?: string | null
          last_error_message?: string | null
          next_attempt_at?: string | null
          paid_at?: string | null
          platform_fee_cents: number
          sequence: number
          status?: string
          stripe_checkout_session_id?: string | null
          stripe_payment_intent_id?: string | null
          updated_at?: string
          version?: number
        }
        Update: {
          amount_cents?: number
          attempts?: number
          booking_id?: string
          checkout_expires_at?: string | null
          created_at?: string
          deleted_at?: string | null
          due_date?: string
          id?: string
          last_error_code?: string | null
          last_error_message?: string | null
          next_attempt_at?: string | null
          paid_at?: string | null
          platform_fee_cents?: number
          sequence?: number
          status?: string
          stripe_checkout_session_id?: string | null
          stripe_payment_intent_id?: string | null
          updated_at?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "booking_payments_booking_id_fkey"
            columns: ["booking_id"]
            isOneToOne: false
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
        ]
      }
      booking_refunds: {
        Row: {
          amount_cents: number | null
          application_fee_refunded: boolean
          booking_id: string
          created_at: string
          id: string
          reason: string
          status: string
          stripe_payment_intent_id: string
          stripe_refund_id: string | null
          transfer_reversed: boolean
          updated_at: string
        }
        Insert: {
          amount_cents?: number | null
          application_fee_refunded?: boolean
          booking_id: string
          created_at?: string
          id?: string
          reason: string
          status?: string
          stripe_payment_intent_id: string
          stripe_refund_id?: string | null
          transfer_reversed?: boolean
          updated_at?: string
        }
        Update: {
          amount_cents?: number | null
          application_fee_refunded?: boolean
          booking_id?: string
          created_at?: string
          id?: string
          reason?: string
          status?: string
          stripe_payment_intent_id?: string
          stripe_refund_id?: string | null
          transfer_reversed?: boolean
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "booking_refunds_booking_id_fkey"
            columns: ["booking_id"]
            isOneToOne: false
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
        ]
      }
      bookings: {
        Row: {
          check_in: string
          check_out: string
          created_at: string
          deleted_at: string | null
          guest_email: string | null
          guest_id: string | null
          held_until: string | null
          host_decision: string | null
          id: string
          paid_at: string | null
          payment_plan: string
          property_id: string
          room_id: string
          status: string
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          total_price: number
          updated_at: string
          user_id: string
          version: number
        }
        Insert: {
          check_in: string
          check_out: string
          created_at?: string
          deleted_at?: string | null
          guest_email?: string | null
          guest_id?: string | null
          held_until?: string | null
          host_decision?: string | null
          id?: string
          paid_at?: string | null
          payment_plan?: string
          property_id: string
          room_id: string
          status?: string
          stripe_checkout_session_id?: string | null
          stripe_payment_intent_id?: string | null
          total_price: number
          updated_at?: string
          user_id?: string
          version?: number
        }
        Update: {
          check_in?: string
          check_out?: string
          created_at?: string
          deleted_at?: string | null
          guest_email?: string | null
          guest_id?: string | null
          held_until?: string | null
          host_decision?: string | null
          id?: string
          paid_at?: string | null
          payment_plan?: string
          property_id?: string
          room_id?: string
          status?: string
          stripe_checkout_session_id?: string | null
          stripe_payment_intent_id?: string | null
          total_price?: number
          updated_at?: string
          user_id?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "bookings_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "bookings_room_id_fkey"
            columns: ["room_id"]
            isOneToOne: false
            referencedRelation: "rooms"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "bookings_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      house_chat_reads: {
        Row: {
          last_read_at: string
          property_id: string
          updated_at: string
          user_id: string
        }
        Insert: {
          last_read_at?: string
          property_id: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          last_read_at?: string
          property_id?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "house_chat_reads_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "house_chat_reads_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      messages: {
        Row: {
          conversation_type: string
          created_at: string
          deleted_at: string | null
          id: string
          property_id: string | null
          read_at: string | null
          receiver_id: string | null
          sender_id: string
          text: string
          updated_at: string
          version: number
        }
        Insert: {
          conversation_type?: string
          created_at?: string
          deleted_at?: string | null
          id?: string
          property_id?: string | null
          read_at?: string | null
          receiver_id?: string | null
          sender_id?: string
          text: string
          updated_at?: string
          version?: number
        }
        Update: {
          conversation_type?: string
          created_at?: string
          deleted_at?: string | null
          id?: string
          property_id?: string | null
          read_at?: string | null
          receiver_id?: string | null
          sender_id?: string
          text?: string
          updated_at?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "messages_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "messages_receiver_id_fkey"
            columns: ["receiver_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "messages_sender_id_fkey"
            columns: ["sender_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      notification_preferences: {
        Row: {
          booking_updates: boolean
          house_chat: boolean
          messages: boolean
          updated_at: string
          user_id: string
        }
        Insert: {
          booking_updates?: boolean
          house_chat?: boolean
          messages?: boolean
          updated_at?: string
          user_id?: string
        }
        Update: {
          booking_updates?: boolean
          house_chat?: boolean
          messages?: boolean
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "notification_preferences_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      profiles: {
        Row: {
          age: number | null
          bio: string | null
          created_at: string
          deleted_at: string | null
          id: string
          interests: string[]
          is_visible_to_guests: boolean
          name: string
          onboarding_complete: boolean
          profession: string | null
          profile_photo: string | null
          show_in_whos_staying: boolean
          stripe_account_id: string | null
          updated_at: string
          verification_status: string
          version: number
          work_timezone: string | null
        }
        Insert: {
          age?: number | null
          bio?: string | null
          created_at?: string
          deleted_at?: string | null
          id: string
          interests?: string[]
          is_visible_to_guests?: boolean
          name?: string
          onboarding_complete?: boolean
          profession?: string | null
          profile_photo?: string | null
          show_in_whos_staying?: boolean
          stripe_account_id?: string | null
          updated_at?: string
          verification_status?: string
          version?: number
          work_timezone?: string | null
        }
        Update: {
          age?: number | null
          bio?: string | null
          created_at?: string
          deleted_at?: string | null
          id?: string
          interests?: string[]
          is_visible_to_guests?: boolean
          name?: string
          onboarding_complete?: boolean
          profession?: string | null
          profile_photo?: string | null
          show_in_whos_staying?: boolean
          stripe_account_id?: string | null
          updated_at?: string
          verification_status?: string
          version?: number
          work_timezone?: string | null
        }
        Relationships: []
      }
      properties: {
        Row: {
          amenities: string[]
          capacity: number
          city: string
          country: string
          created_at: string
          current_occupancy: number
          deleted_at: string | null
          description: string | null
          google_maps_url: string | null
          host_id: string
          id: string
          max_stay_weeks: number
          min_stay_weeks: number
          name: string
          photos: string[]
          price_per_week: number
          updated_at: string
          version: number
          wifi_speed_mbps: number | null
          workspace_details: string | null
        }
        Insert: {
          amenities?: string[]
          capacity?: number
          city: string
          country: string
          created_at?: string
          current_occupancy?: number
          deleted_at?: string | null
          description?: string | null
          google_maps_url?: string | null
          host_id?: string
          id?: string
          max_stay_weeks?: number
          min_stay_weeks?: number
          name: string
          photos?: string[]
          price_per_week?: number
          updated_at?: string
          version?: number
          wifi_speed_mbps?: number | null
          workspace_details?: string | null
        }
        Update: {
          amenities?: string[]
          capacity?: number
          city?: string
          country?: string
          created_at?: string
          current_occupancy?: number
          deleted_at?: string | null
          description?: string | null
          google_maps_url?: string | null
          host_id?: string
          id?: string
          max_stay_weeks?: number
          min_stay_weeks?: number
          name?: string
          photos?: string[]
          price_per_week?: number
          updated_at?: string
          version?: number
          wifi_speed_mbps?: number | null
          workspace_details?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "properties_host_id_fkey"
            columns: ["host_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      property_reviews: {
        Row: {
          created_at: string
          deleted_at: string | null
          id: string
          is_public: boolean
          property_id: string
          rating: number
          review_text: string | null
          room_id: string | null
          updated_at: string
          user_id: string
          version: number
        }
        Insert: {
          created_at?: string
          deleted_at?: string | null
          id?: string
          is_public?: boolean
          property_id: string
          rating: number
          review_text?: string | null
          room_id?: string | null
          updated_at?: string
          user_id?: string
          version?: number
        }
        Update: {
          created_at?: string
          deleted_at?: string | null
          id?: string
          is_public?: boolean
          property_id?: string
          rating?: number
          review_text?: string | null
          room_id?: string | null
          updated_at?: string
          user_id?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "property_reviews_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "property_reviews_room_id_fkey"
            columns: ["room_id"]
            isOneToOne: false
            referencedRelation: "rooms"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "property_reviews_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      push_outbox: {
        Row: {
          attempts: number
          claimed_at: string | null
          created_at: string
          dropped_at: string | null
          id: string
          kind: string
          last_error: string | null
          message_count: number
          not_before: string
          payload: NonNullable<Json>
          property_id: string | null
          recipient_id: string
          sent_at: string | null
          topic: string
          updated_at: string
        }
        Insert: {
          attempts?: number
          claimed_at?: string | null
          created_at?: string
          dropped_at?: string | null
          id?: string
          kind: string
          last_error?: string | null
          message_count?: number
          not_before?: string
          payload: NonNullable<Json>
          property_id?: string | null
          recipient_id: string
          sent_at?: string | null
          topic: string
          updated_at?: string
        }
        Update: {
          attempts?: number
          claimed_at?: string | null
          created_at?: string
          dropped_at?: string | null
          id?: string
          kind?: string
          last_error?: string | null
          message_count?: number
          not_before?: string
          payload?: NonNullable<Json>
          property_id?: string | null
          recipient_id?: string
          sent_at?: string | null
          topic?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "push_outbox_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "push_outbox_recipient_id_fkey"
            columns: ["recipient_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      push_subscriptions: {
        Row: {
          auth: string
          created_at: string
          endpoint: string
          id: string
          last_success_at: string | null
          p256dh: string
          user_agent: string | null
          user_id: string
        }
        Insert: {
          auth: string
          created_at?: string
          endpoint: string
          id?: string
          last_success_at?: string | null
          p256dh: string
          user_agent?: string | null
          user_id?: string
        }
        Update: {
          auth?: string
          created_at?: string
          endpoint?: string
          id?: string
          last_success_at?: string | null
          p256dh?: string
          user_agent?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "push_subscriptions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      reviews: {
        Row: {
          booking_id: string
          created_at: string
          deleted_at: string | null
          id: string
          rating: number
          review_type: string
          reviewee_id: string
          reviewer_id: string
          text: string | null
          updated_at: string
          version: number
        }
        Insert: {
          booking_id: string
          created_at?: string
          deleted_at?: string | null
          id?: string
          rating: number
          review_type: string
          reviewee_id: string
          reviewer_id?: string
          text?: string | null
          updated_at?: string
          version?: number
        }
        Update: {
          booking_id?: string
          created_at?: string
          deleted_at?: string | null
          id?: string
          rating?: number
          review_type?: string
          reviewee_id?: string
          reviewer_id?: string
          text?: string | null
          updated_at?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "reviews_booking_id_fkey"
            columns: ["booking_id"]
            isOneToOne: false
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reviews_reviewee_id_fkey"
            columns: ["reviewee_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reviews_reviewer_id_fkey"
            columns: ["reviewer_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      rooms: {
        Row: {
          availability_decided_at: string
          capacity: number
          created_at: string
          deleted_at: string | null
          description: string | null
          id: string
          is_available: boolean
          max_stay_weeks: number
          min_stay_weeks: number
          name: string
          photos: string[]
          price_per_month: number | null
          price_per_week: number
          property_id: string
          updated_at: string
          version: number
          wifi_speed_mbps: number | null
        }
        Insert: {
          availability_decided_at?: string
          capacity?: number
          created_at?: string
          deleted_at?: string | null
          description?: string | null
          id?: string
          is_available?: boolean
          max_stay_weeks?: number
          min_stay_weeks?: number
          name: string
          photos?: string[]
          price_per_month?: number | null
          price_per_week?: number
          property_id: string
          updated_at?: string
          version?: number
          wifi_speed_mbps?: number | null
        }
        Update: {
          availability_decided_at?: string
          capacity?: number
          created_at?: string
          deleted_at?: string | null
          description?: string | null
          id?: string
          is_available?: boolean
          max_stay_weeks?: number
          min_stay_weeks?: number
          name?: string
          photos?: string[]
          price_per_month?: number | null
          price_per_week?: number
          property_id?: string
          updated_at?: string
          version?: number
          wifi_speed_mbps?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "rooms_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      stripe_customers: {
        Row: {
          created_at: string
          stripe_customer_id: string
          user_id: string
        }
        Insert: {
          created_at?: string
          stripe_customer_id: string
          user_id: string
        }
        Update: {
          created_at?: string
          stripe_customer_id?: string
          user_id?: string
        }
        Relationships: []
      }
      stripe_webhook_events: {
        Row: {
          id: string
          processed_at: string
          type: string
        }
        Insert: {
          id: string
          processed_at?: string
          type: string
        }
        Update: {
          id?: string
          processed_at?: string
          type?: string
        }
        Relationships: []
      }
      user_roles: {
        Row: {
          created_at: string
          role: string
          user_id: string
        }
        Insert: {
          created_at?: string
          role: string
          user_id: string
        }
        Update: {
          created_at?: string
          role?: string
          user_id?: string
        }
        Relationships: []
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      begin_booking_checkout: {
        Args: {
          p_amount_cents: number
          p_application_fee_cents: number
          p_booking_id: string
          p_cancel_url: string
          p_destination_account: string
          p_expires_at: string
          p_payment_plan?: string
          p_product_description: string
          p_product_name: string
          p_success_url: string
          p_total_price: number
          p_user_id: string
        }
        Returns: {
          amount_cents: number
          application_fee_cents: number | null
          attempt: number
          booking_id: string
          cancel_url: string
          created_at: string
          destination_account: string | null
          expires_at: string
          id: string
          idempotency_key: string
          payment_plan: string
          product_description: string
          product_name: string
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          success_url: string
        }[]
        SetofOptions: {
          from: "*"
          to: "booking_checkouts"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      begin_payment_checkout: {
        Args: { p_expires_at: string; p_payment_id: string; p_user_id: string }
        Returns: {
          amount_cents: number
          attempts: number
          booking_id: string
          checkout_expires_at: string | null
          created_at: string
          deleted_at: string | null
          due_date: string
          id: string
          last_error_code: string | null
          last_error_message: string | null
          next_attempt_at: string | null
          paid_at: string | null
          platform_fee_cents: number
          sequence: number
          status: string
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          updated_at: string
          version: number
        }[]
        SetofOptions: {
          from: "*"
          to: "booking_payments"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      booking_hold_duration: {
        Args: Record<PropertyKey, never>
        Returns: string
      }
      booking_stay_months: {
        Args: { p_check_in: string; p_check_out: string }
        Returns: number
      }
      booking_total_price: {
        Args: {
          p_check_in: string
          p_check_out: string
          p_weekly_price: number
        }
        Returns: number
      }
      check_booking_conflict: {
        Args: {
          p_end_date: string
          p_property_id: string
          p_room_id: string
          p_start_date: string
        }
        Returns: boolean
      }
      checkout_hold_limits: {
        Args: Record<PropertyKey, never>
        Returns: {
          attempts_per_booking: number
          attempts_per_guest_room_day: number
          live_holds_per_guest: number
        }[]
      }
      claim_booking_refund: {
        Args: {
          p_booking_id: string
          p_payment_intent_id: string
          p_reason: string
        }
        Returns: {
          amount_cents: number | null
          application_fee_refunded: boolean
          booking_id: string
          created_at: string
          id: string
          reason: string
          status: string
          stripe_payment_intent_id: string
          stripe_refund_id: string | null
          transfer_reversed: boolean
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "booking_refunds"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      claim_due_booking_payments: {
        Args: { p_limit?: number; p_now: string }
        Returns: {
          amount_cents: number
          attempts: number
          booking_id: string
          guest_id: string
          host_id: string
          id: string
          platform_fee_cents: number
          sequence: number
        }[]
      }
      claim_push_outbox: {
        Args: { p_limit?: number; p_now: string }
        Returns: {
          attempts: number
          id: string
          kind: string
          payload: Json
          recipient_id: string
          topic: string
        }[]
      }
      end_unpaid_stay: {
        Args: {
          p_booking_id: string
          p_host_id: string
          p_max_attempts: number
        }
        Returns: boolean
      }
      free_rooms_for_stay: {
        Args: { p_check_in: string; p_check_out: string; p_guests?: number }
        Returns: {
          property_id: string
          room_id: string
        }[]
      }
      get_conversation_summaries: {
        Args: Record<PropertyKey, never>
        Returns: {
          conversation_type: string
          last_message: string
          last_message_sender_id: string
          last_message_time: string
          other_user_id: string
          other_user_name: string
          other_user_photo: string
          property_id: string
          unread_count: number
        }[]
      }
      get_housemates: {
        Args: { p_property_id: string }
        Returns: {
          age_band: string
          check_in: string
          check_out: string
          first_initial: string
          interests: string[]
          profession: string
          user_id: string
          work_timezone: string
        }[]
      }
      get_review_authors: {
        Args: { p_user_ids: string[] }
        Returns: {
          id: string
          name: string
          profile_photo: string
        }[]
      }
      is_house_member: { Args: { p_property_id: string }; Returns: boolean }
      is_trusted_session: { Args: Record<PropertyKey, never>; Returns: boolean }
      listings_for_stay: {
        Args: { p_check_in?: string; p_check_out?: string; p_guests?: number }
        Returns: {
          amenities: string[]
          capacity: number
          city: string
          country: string
          created_at: string
          current_occupancy: number
          deleted_at: string | null
          description: string | null
          google_maps_url: string | null
          host_id: string
          id: string
          max_stay_weeks: number
          min_stay_weeks: number
          name: string
          photos: string[]
          price_per_week: number
          updated_at: string
          version: number
          wifi_speed_mbps: number | null
          workspace_details: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "properties"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      lock_room_dates: { Args: { p_room_id: string }; Returns: undefined }
      mark_conversation_read:
        | { Args: { p_other_user: string }; Returns: number }
        | { Args: { p_other_user: string; p_up_to: string }; Returns: number }
      mark_house_chat_read:
        | { Args: { p_property_id: string }; Returns: string }
        | { Args: { p_property_id: string; p_up_to: string }; Returns: string }
      max_unpaid_requests_per_day: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      plan_booking_payments: {
        Args: {
          p_booking_id: string
          p_payments: Json
          p_plan: string
          p_user_id: string
        }
        Returns: undefined
      }
      record_booking_payment_result: {
        Args: {
          p_error_code?: string
          p_error_message?: string
          p_next_attempt_at?: string
          p_outcome: string
          p_payment_id: string
          p_payment_intent_id: string
        }
        Returns: string
      }
      record_checkout_session: {
        Args: { p_checkout_id: string; p_session_id: string }
        Returns: undefined
      }
      record_push_result: {
        Args: { p_error?: string; p_outbox_id: string; p_outcome: string }
        Returns: string
      }
      register_push_subscription: {
        Args: {
          p_auth: string
          p_endpoint: string
          p_p256dh: string
          p_user_agent?: string
        }
        Returns: {
          auth: string
          created_at: string
          endpoint: string
          id: string
          last_success_at: string | null
          p256dh: string
          user_agent: string | null
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "push_subscriptions"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      release_booking_checkout: {
        Args: { p_booking_id: string; p_session_id: string }
        Returns: boolean
      }
      release_expired_holds: { Args: { p_room_id?: string }; Returns: number }
      set_room_availability: {
        Args: {
          p_based_on: string
          p_decided_ms_ago: number
          p_is_available: boolean
          p_room_id: string
        }
        Returns: Json
      }
      settle_booking_payment: {
        Args: {
          p_amount_cents: number
          p_booking_id: string
          p_payment_intent_id: string
          p_session_id: string
        }
        Returns: string
      }
      settle_payment_checkout: {
        Args: { p_payment_id: string; p_payment_intent_id: string }
        Returns: string
      }
      update_own_profile: {
        Args: { p_base: Json; p_patch: Json }
        Returns: Json
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const

